import { randomUUID } from 'node:crypto'
import { createApplication, type Application, type ApplicationOptions } from '../../../server/app'
import { hashPassword } from '../../../server/auth/passwords'
import { insertUser } from '../../../server/store/seed'
import { newId } from '../../../server/store/ids'
import { DEMO_PASSWORD, SEED } from '../../../server/store/seed-content'
import type { Timers } from '../../../server/timers'
import type { LoginResponse } from '../../../src/protocol'
import { TEST_PASSWORD_COST, freshDatabase } from './prepared-database'
import { EventClient } from './event-client'
import { TestClock } from './test-clock'

/**
 * Timers of the test servers: the real ones (a test moves its server's clock through them), but the
 * sweeper out of the way, so a timeout a test asserts is the timer's own (sweeps are tested with
 * `sweepOnce`).
 */
export const TEST_TIMERS: Partial<Timers> = { sweepIntervalMs: 24 * 3_600_000 }

/**
 * The anonymous budgets of test servers (server/config.ts, `AnonymousLimits`) where a test sets none:
 * every client of a test is this machine's address and the clock stands still, so the defaults (made
 * for strangers on the internet) would refuse the hundreds of customers a test like chaos-sockets
 * queues. A test of the budgets sets its own in `process.env` before it starts its server.
 */
const TEST_ANONYMOUS_LIMITS: Record<string, string> = {
  CUSTOMER_CONNECTIONS_PER_ADDRESS: '100000',
  QUEUE_JOINS_PER_ADDRESS: '100000',
  QUEUE_JOINS_PER_SESSION: '10000',
  CHAT_LINES_PER_SECOND: '1000',
}

/** Names `withTestBudgets` set, and how many server starts still read them (starts may overlap). */
let setByTests: string[] = []
let startsReading = 0

/** Sets the budgets of `TEST_ANONYMOUS_LIMITS` a test left unset; returns what puts the environment back. */
function withTestBudgets(): () => void {
  if (startsReading++ === 0) {
    setByTests = Object.keys(TEST_ANONYMOUS_LIMITS).filter((name) => process.env[name] === undefined)
    for (const name of setByTests) process.env[name] = TEST_ANONYMOUS_LIMITS[name]
  }
  return () => {
    if (--startsReading === 0) for (const name of setByTests) delete process.env[name]
  }
}

let passwordHash: Promise<string> | undefined

/** A running test server with helpers to drive it like agents and customers would. */
export class TestServer {
  readonly #clients: EventClient[] = []

  private constructor(
    readonly app: Application,
    readonly url: string,
    /** The server's clock: time moves only when the test advances it. */
    readonly clock: TestClock,
  ) {}

  /**
   * Starts a server on a free port over a fresh copy of the seeded database, on a test clock that
   * reads `startAt` (milliseconds since the epoch; now by default) until the test moves it.
   */
  static async start(
    options: Partial<Omit<ApplicationOptions, 'clock'>> = {},
    { startAt }: { startAt?: number } = {},
  ): Promise<TestServer> {
    const clock = new TestClock(startAt)
    // Only when none is given: an extra one would never be closed, and would keep the test process alive.
    const database = options.database ?? (await freshDatabase())
    const restoreEnvironment = withTestBudgets()
    const app = await createApplication({
      version: 'test',
      database,
      seed: false,
      logLevel: 'silent',
      ...options,
      clock,
      timers: { ...TEST_TIMERS, ...options.timers },
    }).finally(restoreEnvironment)
    const url = await app.listen({ port: 0 })
    return new TestServer(app, url, clock)
  }

  /**
   * Moves the server's clock forward by `ms` and waits until the work of every timer that fell due
   * (a ring timeout, a grace period) is done; its events are then on their way to the sockets.
   */
  async advance(ms: number): Promise<void> {
    await this.clock.advance(ms)
    await this.app.context.background.idle()
  }

  /** Waits until the server's fire-and-forget work (a dispatch on a status change...) is done. */
  async idle(): Promise<void> {
    await this.app.context.background.idle()
  }

  /** The database of the server. */
  get db() {
    return this.app.context.db
  }

  /** An HTTP call under /api; resolves with status and JSON body. */
  async http<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const response = await fetch(`${this.url}/api${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers }
  }

  /** Logs in (terms accepted) and returns the login response; throws on failure. */
  async login(email: string, extra: Record<string, unknown> = {}): Promise<LoginResponse> {
    const { status, body } = await this.http<LoginResponse>('POST', '/auth/login', {
      body: { email, password: DEMO_PASSWORD, agreement: true, ...extra },
    })
    if (status !== 200) throw new Error(`login ${email}: ${status} ${JSON.stringify(body)}`)
    return body
  }

  /** A raw agent socket (not authenticated). */
  socket(): EventClient {
    const client = new EventClient(this.url)
    this.#clients.push(client)
    return client
  }

  /**
   * An agent: logged in, socket authenticated, optionally in a status. Returns the client (with the
   * events of the handshake already taken) and the ids.
   */
  async agent(
    email: string,
    options: { status?: string; sessionId?: string } = {},
  ): Promise<{ client: EventClient; userId: string; token: string; sessionId: string }> {
    const login = await this.login(email)
    const client = this.socket()
    await client.connected()
    const sessionId = options.sessionId ?? randomUUID()
    const reply = await client.request<{ userId: string }>('authenticate', {
      accessToken: login.accessToken,
      sessionId,
      timezone: 'America/Santiago',
    })
    if (!reply.ok) throw new Error(`authenticate ${email}: ${JSON.stringify(reply.error)}`)
    await client.next('agent:status:update')
    await client.next('notifications:update')
    if (options.status) {
      const changed = await client.request('status', { status: options.status })
      if (!changed.ok) throw new Error(`status ${email}: ${JSON.stringify(changed.error)}`)
      await client.next('agent:status:update')
    }
    return { client, userId: reply.data.userId, token: login.accessToken, sessionId }
  }

  /** A customer socket (connected). */
  async customer(sessionId: string = randomUUID()): Promise<EventClient> {
    const client = new EventClient(this.url, { namespace: '/customer', auth: { sessionId } })
    this.#clients.push(client)
    await client.connected()
    return client
  }

  /** A new segment of the demo account. */
  async createSegment(name: string, options: { mandatoryTags?: boolean } = {}): Promise<string> {
    const id = newId()
    await this.db.query(
      'INSERT INTO segments (id, account_id, name, mandatory_tags) VALUES ($1, $2, $3, $4)',
      [id, SEED.account, name, options.mandatoryTags ?? false],
    )
    return id
  }

  /** A new agent of the demo account serving `segments`; returns the email. */
  async createAgent(
    segments: string[],
    options: { level?: number; firstname?: string } = {},
  ): Promise<string> {
    passwordHash ??= hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST)
    const id = newId()
    const email = `agent-${id}@test.test`
    await insertUser(this.db, {
      id,
      accountId: SEED.account,
      email,
      firstname: options.firstname ?? `Agent${id.slice(0, 4)}`,
      lastname: 'Test',
      level: options.level ?? 5,
      passwordHash: await passwordHash,
    })
    for (const segment of segments)
      await this.db.query('INSERT INTO agent_segments (user_id, segment_id) VALUES ($1, $2)', [id, segment])
    return email
  }

  /** Closes every client and the server. */
  async close(): Promise<void> {
    for (const client of this.#clients) client.close()
    await this.app.close()
  }
}
