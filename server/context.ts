import type { Database } from './store/database'
import type { Clock } from './clock'
import type { Timers } from './timers'
import type { TokenService } from './auth/tokens'
import type { Background } from './background'
import type { AgentServer, CustomerNamespace } from './realtime/io-types'
import type { RateLimit } from './auth/rate-limit'
import type { LoginThrottlePolicy } from './auth/login-throttle'
import type { TrustFunction } from './http/client-address'
import type { OriginPolicy } from './http/origins'
import type { FileStorage } from './files/file-storage'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerMetrics } from './observability/metrics'
import type { RoutingEvents } from './observability/routing-events'
import type { Lifecycle } from './lifecycle/lifecycle'
import type { RecordingStorage } from './recordings/storage'
import type { RecorderNamespace } from './recordings/recorder-socket'
import type { IceSettings } from './media/ice-settings'

/** Everything a handler needs, built once by `createApplication` and passed down. */
export interface ServerContext {
  db: Database
  clock: Clock
  timers: Timers
  tokens: TokenService
  background: Background
  /** Agents (default namespace on `/ws`). */
  io: AgentServer
  /** Customers (namespace `/customer` on `/ws`). */
  customers: CustomerNamespace
  /** Cloud recording uploads (namespace `/recorder` on `/ws`). */
  recorder: RecorderNamespace
  /** Files that are not rows: recordings' media, backups' zips. */
  storage: RecordingStorage
  /** This process's id in the `nodes` table. */
  nodeId: string
  /**
   * The PostgreSQL backend pid of the connection this process holds for life (`nodes.backend_pid`,
   * see store/lifeline.ts); null on PGlite.
   */
  backendPid: () => Promise<number | null>
  /** Base URL for links handed out (join URLs, SSO). */
  publicUrl: () => string
  /** Production mode: nothing seeded, no dev endpoints, no test pages. */
  production: boolean
  /** Which proxies may report a client's address (`TRUST_PROXY`). */
  trust: TrustFunction
  /** Which page origins may use the API and the socket (`ALLOWED_ORIGINS`, the server's own). */
  origins: OriginPolicy
  /** Whether `/api/dev/*` exists. */
  devEndpoints: boolean
  /** Growing delays after failed logins and 2FA codes. */
  loginThrottle: LoginThrottlePolicy
  rateLimits: { api: RateLimit; login: RateLimit }
  /** Saved files on disk (under the data folder). */
  files: FileStorage
  /** Logs an unexpected failure (`error` level, with the error serialized). */
  log: (message: string, error?: unknown) => void
  /** The process's structured logger (pino, through Fastify); every line carries `process`. */
  logger: FastifyBaseLogger
  /** This process's Prometheus metrics. */
  metrics: ServerMetrics
  /** What happens to calls: each one logged (ids, never names) and counted. */
  events: RoutingEvents
  /** Started, listening, draining: read by /readyz and the shutdown. */
  lifecycle: Lifecycle
  /** STUN and TURN servers handed out by `ice:servers`, the TURN secret and the default policy. */
  ice: IceSettings
}
