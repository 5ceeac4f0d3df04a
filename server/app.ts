import { dirname, join } from 'node:path'
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
import type { RateLimit } from './auth/rate-limiter'
import { Background } from './background'
import { defineRingJobs } from './routing/ring-end'
import type { ServerContext } from './context'
import type { AgentServer, CustomerNamespace } from './realtime/io-types'
import { attachAgentSocket } from './realtime/agent-socket'
import { attachCustomerNamespace } from './realtime/customer-socket'
import { startSweeper } from './routing/sweeper'
import { registerStatic } from './http/static'
import { registerApi } from './http/api'
import { FileStorage } from './files/file-storage'

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
  /** Fill an empty database with the demo (default true). */
  seed?: boolean
  /** Log requests (off in tests). */
  logger?: boolean
  /** Base URL of links handed out (join URLs); default the listening address. */
  publicUrl?: string
  /** `/api/dev/*` endpoints (default: on unless NODE_ENV=production). */
  devEndpoints?: boolean
  /** Server timers (ring timeout, queue limit, grace periods...), short in tests. */
  timers?: Partial<Timers>
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

async function openDatabase(options: ApplicationOptions): Promise<Database> {
  if (options.database) return options.database
  const url = options.databaseUrl ?? process.env.DATABASE_URL
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
  if (options.seed !== false) await seed(db, clock.now())
  const secret = process.env.JWT_SECRET ?? (await serverSecret(db, 'jwt'))
  const files = await FileStorage.open(filesDirectory(options))

  const fastify = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
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
    ...(adapter ? { adapter } : {}),
  })
  const customers: CustomerNamespace = io.of(CUSTOMER_NAMESPACE) as unknown as CustomerNamespace
  let baseUrl = options.publicUrl ?? ''
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
    devEndpoints: options.devEndpoints ?? process.env.NODE_ENV !== 'production',
    rateLimits: {
      api: options.rateLimits?.api ?? { max: 600, windowMs: 60_000 },
      login: options.rateLimits?.login ?? { max: 30, windowMs: 60_000 },
    },
    files,
    log: (message, error) => console.error(message, error),
  }
  await db.query('INSERT INTO nodes (id, heartbeat_at) VALUES ($1, $2)', [
    context.nodeId,
    new Date(clock.now()),
  ])

  defineRingJobs(context)
  await fastify.register(async (api) => registerApi(api, context), { prefix: '/api' })
  await registerStatic(fastify, { version: options.version })
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
      await files.close()
    },
  }
}
