import type { Database } from './store/database'
import type { Clock } from './clock'
import type { Timers } from './timers'
import type { TokenService } from './auth/tokens'
import type { Background } from './background'
import type { AgentServer, CustomerNamespace } from './realtime/io-types'
import type { RateLimit } from './auth/rate-limiter'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerMetrics } from './observability/metrics'
import type { RoutingEvents } from './observability/routing-events'
import type { Lifecycle } from './lifecycle/lifecycle'

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
  /** This process's id in the `nodes` table. */
  nodeId: string
  /**
   * The PostgreSQL backend pid of the connection this process holds for life (`nodes.backend_pid`,
   * see store/lifeline.ts); null on PGlite.
   */
  backendPid: () => Promise<number | null>
  /** Base URL for links handed out (join URLs, SSO). */
  publicUrl: () => string
  /** Whether `/api/dev/*` exists. */
  devEndpoints: boolean
  rateLimits: { api: RateLimit; login: RateLimit }
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
}
