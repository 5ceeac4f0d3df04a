import type { Database } from './store/database'
import type { Clock } from './clock'
import type { Timers } from './timers'
import type { TokenService } from './auth/tokens'
import type { Background } from './background'
import type { AgentServer, CustomerNamespace } from './realtime/io-types'
import type { RateLimit } from './auth/rate-limiter'
import type { FileStorage } from './files/file-storage'

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
  /** Base URL for links handed out (join URLs, SSO). */
  publicUrl: () => string
  /** Whether `/api/dev/*` exists. */
  devEndpoints: boolean
  rateLimits: { api: RateLimit; login: RateLimit }
  /** Saved files on disk (under the data folder). */
  files: FileStorage
  log: (message: string, error?: unknown) => void
}
