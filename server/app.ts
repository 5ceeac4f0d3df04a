import Fastify, { type FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import { createAdapter } from '@socket.io/postgres-adapter'
import type { Pool } from 'pg'
import { SOCKET_PATH } from '../src/constants'
import { CUSTOMER_NAMESPACE } from '../src/protocol'
import { decodeQueryString } from '../src/protocol/query-string'
import type { Database } from './store/database'
import { openPGlite } from './store/pglite-database'
import { openPostgres } from './store/postgres-database'
import { migrate } from './store/migrate'
import { seed } from './store/seed'
import { serverSecret } from './store/secrets'
import { newId } from './store/ids'
import { systemClock, type Clock } from './clock'
import { DEFAULT_TIMERS, type Timers } from './timers'
import { TokenService } from './auth/tokens'
import type { RateLimit } from './auth/rate-limit'
import { Background } from './background'
import { defineRingJobs } from './routing/ring-end'
import type { ServerContext } from './context'
import type { AgentServer, CustomerNamespace } from './realtime/io-types'
import { attachAgentSocket } from './realtime/agent-socket'
import { attachCustomerNamespace } from './realtime/customer-socket'
import { startSweeper } from './routing/sweeper'
import { registerStatic } from './http/static'
import { registerApi } from './http/api'
import { registerSecurityHeaders } from './http/security-headers'
import { registerCors } from './http/cors'
import { originPolicy } from './http/origins'
import { trustFunction } from './http/client-address'
import type { TrustProxy } from './config'
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottlePolicy } from './auth/login-throttle'

/** What the server is built from; tests pass their own. */
export interface ApplicationOptions {
  /** Text of /version.txt. */
  version: string
  /** An open database to use (tests); the server closes it on `close()`. */
  database?: Database
  /** `postgres://…` for a PostgreSQL server; `memory://` or a directory for PGlite (default: DATABASE_URL, then `dataDir`). */
  databaseUrl?: string
  /** PGlite data directory (default `.data/pglite`); `memory://` for a throwaway one. */
  dataDir?: string
  /** Fill an empty database with the demo (default true). */
  seed?: boolean
  /** Log requests (off in tests). */
  logger?: boolean
  /** Base URL of links handed out (join URLs); default the listening address. */
  publicUrl?: string
  /** Production mode: nothing seeded, no dev endpoints, no test pages (default false: the demo). */
  production?: boolean
  /** `/api/dev/*` endpoints (default: on unless `production`). */
  devEndpoints?: boolean
  /** Signing secret of the tokens (default: a random one kept in the database). */
  jwtSecret?: string
  /** Which proxies may report the client's address (default: none). */
  trustProxy?: TrustProxy
  /** Other origins whose pages may use the API, the socket and the bundle (CORS, socket Origin check). */
  allowedOrigins?: string[]
  /** Origins allowed to frame the pages (besides the server's own). */
  frameAncestors?: string[]
  /** Server timers (ring timeout, queue limit, grace periods...), short in tests. */
  timers?: Partial<Timers>
  /** Growing delays after failed logins and 2FA codes (per user, per user and address, per address). */
  loginThrottle?: Partial<LoginThrottlePolicy>
  /** Rate limiter budgets: the whole API, and `POST /auth/login`. */
  rateLimits?: Partial<{ api: RateLimit; login: RateLimit }>
  /** Time source (tests may drive it). */
  clock?: Clock
  /** A socket.io adapter factory for running several processes (e.g. the Postgres adapter). */
  socketAdapter?: ConstructorParameters<typeof Server>[1] extends infer O
    ? O extends { adapter?: infer A }
      ? A
      : never
    : never
}

/** A running (or ready to run) reference server. */
export interface Application {
  /** The Fastify instance (HTTP). */
  fastify: FastifyInstance
  /** Everything handlers share. */
  context: ServerContext
  /** Starts listening; resolves with the base URL (`http://127.0.0.1:PORT`). */
  listen(options?: { port?: number; host?: string }): Promise<string>
  /** Stops everything: sockets, timers, HTTP, database. */
  close(): Promise<void>
}

async function openDatabase(options: ApplicationOptions): Promise<Database> {
  if (options.database) return options.database
  const url = options.databaseUrl
  // postgres:// and postgresql:// go to a server; anything else names a PGlite data dir (memory:// included).
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url)
  return openPGlite({ dataDir: options.dataDir ?? url ?? '.data/pglite' })
}

/**
 * Builds the reference server: the database (migrated and seeded), Fastify with the REST API under
 * `/api` and the static pages, socket.io on `/ws` (websocket only) for agents and `/customer` for
 * customers, and the sweeper.
 *
 * @example
 * const app = await createApplication({ version: '1.0.0', dataDir: 'memory://', timers: { ringTimeoutMs: 300 } })
 * const url = await app.listen({ port: 0 })
 * await app.close()
 */
export async function createApplication(options: ApplicationOptions): Promise<Application> {
  const clock = options.clock ?? systemClock
  const timers: Timers = { ...DEFAULT_TIMERS, ...options.timers }
  const db = await openDatabase(options)
  await migrate(db)
  const production = options.production ?? false
  if (options.seed ?? !production) await seed(db, clock.now())
  const secret = options.jwtSecret ?? (await serverSecret(db, 'jwt'))
  const trust = trustFunction(options.trustProxy ?? false)
  let baseUrl = options.publicUrl ?? ''
  const origins = originPolicy(options.allowedOrigins ?? [], () => baseUrl)

  const fastify = Fastify({
    logger: options.logger ?? false,
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names: a client cannot choose its address.
    trustProxy: trust,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: (text: string) => decodeQueryString(text) },
  })
  // Several processes on one PostgreSQL: emits reach sockets held by the other processes (LISTEN/NOTIFY).
  const adapter =
    options.socketAdapter ?? ('pool' in db ? createAdapter((db as { pool: Pool }).pool) : undefined)
  const io: AgentServer = new Server(fastify.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 1024 * 1024,
    // A page of another site must not drive a signed-in agent's socket (cross-site WebSocket hijacking).
    allowRequest: (request, callback) =>
      callback(null, origins.allows(request.headers.origin, request.headers.host)),
    ...(adapter ? { adapter } : {}),
  })
  const customers: CustomerNamespace = io.of(CUSTOMER_NAMESPACE) as unknown as CustomerNamespace
  const context: ServerContext = {
    db,
    clock,
    timers,
    tokens: new TokenService(secret, Math.round(timers.accessTokenTtlMs / 1000), clock.now),
    background: new Background(clock, (error) => console.error('background task failed', error)),
    io,
    customers,
    nodeId: newId(),
    publicUrl: () => baseUrl,
    production,
    trust,
    origins,
    devEndpoints: options.devEndpoints ?? !production,
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle },
    rateLimits: {
      api: options.rateLimits?.api ?? { max: 600, windowMs: 60_000 },
      login: options.rateLimits?.login ?? { max: 30, windowMs: 60_000 },
    },
    log: (message, error) => console.error(message, error),
  }
  await db.query('INSERT INTO nodes (id, heartbeat_at) VALUES ($1, $2)', [
    context.nodeId,
    new Date(clock.now()),
  ])

  defineRingJobs(context)
  await registerSecurityHeaders(fastify, {
    frameAncestors: options.frameAncestors ?? [],
    publicUrl: () => baseUrl,
  })
  await registerCors(fastify, origins)
  await fastify.register(async (api) => registerApi(api, context), { prefix: '/api' })
  await registerStatic(fastify, { version: options.version, testPages: !production })
  io.on('connection', (socket) => attachAgentSocket(context, socket))
  attachCustomerNamespace(context, customers)
  const stopSweeper = startSweeper(context)

  let closed = false
  return {
    fastify,
    context,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await fastify.listen({ port, host })
      const address = fastify.server.address()
      const actualPort = typeof address === 'object' && address ? address.port : port
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
      if (!options.publicUrl) baseUrl = `http://${shownHost}:${actualPort}`
      return `http://${shownHost}:${actualPort}`
    },
    async close() {
      if (closed) return
      closed = true
      stopSweeper()
      io.disconnectSockets(true)
      customers.disconnectSockets(true)
      await context.background.close()
      // io.close() closes the HTTP server too; Fastify's close then only runs its hooks.
      await new Promise<void>((resolve) => io.close(() => resolve()))
      await fastify.close().catch(() => undefined)
      await db.query('DELETE FROM nodes WHERE id = $1', [context.nodeId]).catch(() => undefined)
      await db.close()
    },
  }
}
