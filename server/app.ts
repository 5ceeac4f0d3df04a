import { dirname, join } from 'node:path'
import { installContractFaults, type ContractFault } from './realtime/contract-faults'
import Fastify, { type FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import type { Pool } from 'pg'
import { SOCKET_PATH } from '../src/constants'
import { CUSTOMER_NAMESPACE, RECORDER_NAMESPACE } from '../src/protocol'
import { decodeQueryString } from '../src/protocol/query-string'
import type { Database } from './store/database'
import { PGliteThreadDatabase } from './store/pglite-thread'
import { openPostgres } from './store/postgres-database'
import { migrate } from './store/migrate'
import { seedWithin } from './store/seed'
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
import { takeOverDeadProcesses } from './routing/process-takeover'
import { liveSince } from './routing/liveness'
import { createOrderedAdapter } from './realtime/ordered-postgres-adapter'
import { Lifeline } from './store/lifeline'
import { registerStatic } from './http/static'
import { registerApi } from './http/api'
import { FileStorage } from './files/file-storage'
import { registerSecurityHeaders } from './http/security-headers'
import { registerCors } from './http/cors'
import { originPolicy } from './http/origins'
import { trustFunction } from './http/client-address'
import { readIceConfig, type TrustProxy } from './config'
import { hasNoIceServer, type IceSettings } from './media/ice-settings'
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottlePolicy } from './auth/login-throttle'
import { createMetrics } from './observability/metrics'
import { registerStateGauges } from './observability/state-gauges'
import { timeDatabase } from './observability/timed-database'
import { fastifyLogging, logLevelFrom, type LogLevel } from './observability/logger'
import { createRoutingEvents } from './observability/routing-events'
import { registerMetricsRoute } from './observability/metrics-route'
import { countResponses } from './observability/http-metrics'
import { newLifecycle } from './lifecycle/lifecycle'
import { registerHealthRoutes } from './lifecycle/health-routes'
import { drain, type DrainOptions, type DrainReport } from './lifecycle/drain'
import { openRecordingStorage } from './recordings/storage'
import { attachRecorderNamespace, type RecorderNamespace } from './recordings/recorder-socket'
import { startRecordingsHousekeeping } from './recordings/housekeeping'
import { startCheckpoints } from './store/checkpoints'

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
  /**
   * Directory of saved files (default: FILES_DIR, else `files` beside the PGlite data directory, else
   * `.data/files`; a throwaway one, removed on close, with an in-memory or given database).
   */
  filesDir?: string
  /**
   * Folder of recordings' media and backups (default STORAGE_DIR, then `.data/storage`; a throwaway
   * temporary folder when the database is in memory).
   */
  storageDir?: string
  /** Fill an empty database with the demo (default true). */
  seed?: boolean
  /** `false`: log nothing (same as `logLevel: 'silent'`). */
  logger?: boolean
  /** Level of the JSON logs (default: LOG_LEVEL, then `info`); tests use `silent` or capture. */
  logLevel?: LogLevel
  /** Where log lines go (default stdout); a test may capture them. */
  logStream?: { write(line: string): void }
  /**
   * Called when the process cannot go on: the embedded database's thread stopped. `npm start` exits
   * (code 1) so that its process manager starts it again; without it the server stays up, not ready.
   */
  onFatal?: (error: Error) => void
  /** Bearer token `/metrics` requires (default: METRICS_TOKEN); without one `/metrics` is off (404). */
  metricsToken?: string
  /** Defaults of `shutdown()` (SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS in `npm start`). */
  shutdown?: Partial<DrainOptions>
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
  /**
   * STUN and TURN servers for calls' media, TURN secret, default transport policy (default: read from
   * STUN_URLS, TURN_URLS, TURN_SECRET, TURN_TTL, ICE_TRANSPORT_POLICY; none when they are unset).
   */
  ice?: IceSettings
  /** Server timers (ring timeout, queue limit, grace periods...), short in tests. */
  timers?: Partial<Timers>
  /** Growing delays after failed logins and 2FA codes (per user, per user and address, per address). */
  loginThrottle?: Partial<LoginThrottlePolicy>
  /** Rate limiter budgets: the whole API, and `POST /auth/login`. */
  rateLimits?: Partial<{ api: RateLimit; login: RateLimit }>
  /** Time source (tests may drive it). */
  clock?: Clock
  /**
   * Test-only: fields to leave out of what agents receive (`console:settings.pageSize`) or to give
   * a wrong value (`console:settings.pageSize="ten"`), so that the conformance kit can be seen
   * failing on them. Empty by default.
   */
  contractFaults?: readonly ContractFault[]
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
  /**
   * Graceful stop (SIGTERM): not ready at once, then after `delayMs` stops accepting, hands calls
   * ringing here back to their queue, tells every client `server:draining` and closes its connection,
   * then `close()`. See `server/lifecycle/drain.ts`.
   */
  shutdown(options?: Partial<DrainOptions>): Promise<DrainReport>
  /** Stops everything at once: sockets, timers, HTTP, database. */
  close(): Promise<void>
}

/** Where saved files go: beside the database's data on disk, or a throwaway directory in memory runs. */
function filesDirectory(options: ApplicationOptions): string | undefined {
  if (options.filesDir) return options.filesDir
  if (process.env.FILES_DIR) return process.env.FILES_DIR
  if (options.database) return undefined
  const url = options.databaseUrl ?? process.env.DATABASE_URL
  if (url && /^postgres(ql)?:\/\//.test(url)) return '.data/files'
  const dataDir = options.dataDir ?? url ?? '.data/pglite'
  return dataDir.startsWith('memory://') ? undefined : join(dirname(dataDir), 'files')
}

/** Default drain: no delay (set SHUTDOWN_DELAY_MS behind a load balancer), 10 s for clients to go. */
const DEFAULT_DRAIN: DrainOptions = { delayMs: 0, timeoutMs: 10_000 }

/** The storage folder: given, from the environment, or throwaway beside an in-memory database. */
function storageFolder(options: ApplicationOptions): string | null {
  if (options.storageDir) return options.storageDir
  if (process.env.STORAGE_DIR) return process.env.STORAGE_DIR
  const url = options.databaseUrl ?? process.env.DATABASE_URL ?? options.dataDir
  const inMemory = options.database ? options.database.kind !== 'postgres' : url?.startsWith('memory://')
  return inMemory ? null : '.data/storage'
}

async function openDatabase(options: ApplicationOptions): Promise<Database> {
  if (options.database) return options.database
  const url = options.databaseUrl
  // postgres:// and postgresql:// go to a server; anything else names a PGlite data dir (memory:// included).
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url)
  return PGliteThreadDatabase.open({ dataDir: options.dataDir ?? url ?? '.data/pglite' })
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
  const nodeId = newId()
  const lifecycle = newLifecycle()
  const metrics = createMetrics(nodeId)
  // Read before anything opens: a bad ICE setting stops the start, as readConfig does for `npm start`.
  const ice = options.ice ?? readIceConfig(process.env, options.production ?? false)
  const opened = await openDatabase(options)
  const db = timeDatabase(opened, metrics.dbQueryDuration, metrics.dbErrors, clock.now)
  const production = options.production ?? false
  // Migrations and the demo seed (never in production) in one locked turn: processes starting together
  // do each once.
  const seeding = options.seed ?? !production
  await migrate(db, seeding ? (tx) => seedWithin(tx, clock.now()) : undefined)
  lifecycle.migrated = true
  const secret = options.jwtSecret ?? (await serverSecret(db, 'jwt'))
  const trust = trustFunction(options.trustProxy ?? false)
  let baseUrl = options.publicUrl ?? ''
  const origins = originPolicy(options.allowedOrigins ?? [], () => baseUrl)
  const files = await FileStorage.open(filesDirectory(options))

  const level =
    options.logger === false ? 'silent' : (options.logLevel ?? logLevelFrom(process.env.LOG_LEVEL))
  const fastify = Fastify({
    ...fastifyLogging({
      level,
      processId: nodeId,
      ...(options.logStream ? { stream: options.logStream } : {}),
    }),
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names: a client cannot choose its address.
    trustProxy: trust,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: (text: string) => decodeQueryString(text) },
  })
  const logger = fastify.log
  if (production && hasNoIceServer(ice))
    logger.warn(
      { event: 'ice.unconfigured' },
      'No STUN or TURN server is configured (STUN_URLS, TURN_URLS, TURN_SECRET): calls get video only between browsers that reach each other directly, so most calls from home or office networks connect without media. See docs/deployment.md, "Media beyond one network".',
    )
  opened.onConnectionLost?.((error) =>
    logger.warn({ err: error }, 'database connection lost; the pool opens another when needed'),
  )
  opened.onStopped?.((error) => {
    logger.fatal({ err: error }, 'database thread stopped; this process cannot serve without it')
    options.onFatal?.(error)
  })
  // Several processes on one PostgreSQL: emits reach sockets held by the other processes (LISTEN/NOTIFY),
  // in the order they were made (see ordered-postgres-adapter.ts).
  const adapter =
    options.socketAdapter ??
    ('pool' in opened
      ? createOrderedAdapter((opened as { pool: Pool }).pool, {
          onError: (error) => logger.error({ err: error }, 'socket.io adapter'),
        })
      : undefined)
  const io: AgentServer = new Server(fastify.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 1024 * 1024,
    // A draining process takes no new connection: the client tries again and lands on another one. A page
    // of another site must not drive a signed-in agent's socket (cross-site WebSocket hijacking).
    allowRequest: (request, answer) => {
      if (lifecycle.draining) return answer('draining', false)
      answer(null, origins.allows(request.headers.origin, request.headers.host))
    },
    ...(adapter ? { adapter } : {}),
  })
  installContractFaults(io as unknown as Server, options.contractFaults ?? [])
  const customers: CustomerNamespace = io.of(CUSTOMER_NAMESPACE) as unknown as CustomerNamespace
  const recorder = io.of(RECORDER_NAMESPACE) as unknown as RecorderNamespace
  const storage = await openRecordingStorage(storageFolder(options))
  const log = (message: string, error?: unknown) => logger.error({ err: error }, message)
  // PostgreSQL: a connection held for life, whose end tells the other processes this one died.
  const connectionString = (opened as { connectionString?: string }).connectionString
  const lifeline = connectionString
    ? new Lifeline(connectionString, (error) => logger.warn({ err: error }, 'lifeline connection'))
    : null
  const context: ServerContext = {
    db,
    clock,
    timers,
    tokens: new TokenService(secret, Math.round(timers.accessTokenTtlMs / 1000), clock.now),
    background: new Background(clock, (error) => log('background task failed', error)),
    io,
    customers,
    recorder,
    storage,
    nodeId,
    backendPid: async () => (lifeline ? lifeline.pid() : null),
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
    files,
    log,
    logger,
    metrics,
    events: createRoutingEvents(logger, metrics),
    lifecycle,
    ice,
  }
  await db.query('INSERT INTO nodes (id, heartbeat_at, backend_pid) VALUES ($1, $2, $3)', [
    context.nodeId,
    new Date(clock.now()),
    await context.backendPid(),
  ])

  registerStateGauges(metrics.registry, {
    db,
    now: clock.now,
    liveSince: () => liveSince(context),
    socketCounts: () => ({ '/': io.of('/').sockets.size, [CUSTOMER_NAMESPACE]: customers.sockets.size }),
    draining: () => lifecycle.draining,
    onError: (error) => log('metrics: reading the database failed', error),
  })
  countResponses(fastify, metrics.httpResponses)
  registerHealthRoutes(fastify, {
    lifecycle,
    probe: () => opened.query('SELECT 1'),
    lastSuccessAt: db.lastSuccessAt,
    now: clock.now,
  })
  registerMetricsRoute(fastify, metrics.registry, options.metricsToken ?? process.env.METRICS_TOKEN)
  defineRingJobs(context)
  await registerSecurityHeaders(fastify, {
    frameAncestors: options.frameAncestors ?? [],
    publicUrl: () => baseUrl,
    consoleOrigins: options.allowedOrigins ?? [],
  })
  await registerCors(fastify, origins)
  await fastify.register(async (api) => registerApi(api, context), { prefix: '/api' })
  await registerStatic(fastify, {
    version: options.version,
    devEndpoints: context.devEndpoints,
    prebuildPages: production,
  })
  io.on('connection', (socket) => attachAgentSocket(context, socket))
  attachCustomerNamespace(context, customers)
  attachRecorderNamespace(context, recorder)
  // What a crashed predecessor held (PGlite: every other process is gone) is taken over before a client
  // comes back, so that its agents and customers reconnect to a clean state.
  await takeOverDeadProcesses(context)
  const stopSweeper = startSweeper(context)
  const stopHousekeeping = startRecordingsHousekeeping(context)
  const stopCheckpoints = opened.kind === 'pglite' ? startCheckpoints(context) : () => {}

  let closed = false
  let draining: Promise<DrainReport> | null = null
  const close = async () => {
    if (closed) return
    closed = true
    lifecycle.listening = false
    await stopSweeper()
    stopHousekeeping()
    stopCheckpoints()
    // `local`: through the PostgreSQL adapter a plain disconnectSockets() reaches every process, and one
    // process stopping would cut the clients of all the others (the rolling restart test caught it).
    io.local.disconnectSockets(true)
    customers.local.disconnectSockets(true)
    recorder.local.disconnectSockets(true)
    await context.background.close()
    // io.close() closes the HTTP server too; Fastify's close then only runs its hooks.
    await new Promise<void>((resolve) => io.close(() => resolve()))
    await fastify.close().catch(() => undefined)
    await db.query('DELETE FROM nodes WHERE id = $1', [context.nodeId]).catch(() => undefined)
    await lifeline?.close()
    await db.close()
    await files.close()
    await storage.close()
  }
  return {
    fastify,
    context,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await fastify.listen({ port, host })
      lifecycle.listening = true
      const address = fastify.server.address()
      const actualPort = typeof address === 'object' && address ? address.port : port
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
      if (!options.publicUrl) baseUrl = `http://${shownHost}:${actualPort}`
      return `http://${shownHost}:${actualPort}`
    },
    shutdown(overrides = {}) {
      draining ??= (async () => {
        const report = await drain(
          context,
          {
            stopSweeper,
            // Stops accepting; the connections still open end with their clients, or in close().
            stopListening: () => fastify.server.close(),
          },
          { ...DEFAULT_DRAIN, ...options.shutdown, ...overrides },
        )
        await close()
        return report
      })()
      return draining
    },
    close,
  }
}
