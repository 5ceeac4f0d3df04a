import {
  AVAILABLE_STATUS,
  AccessTokenClaimsSchema,
  DISCONNECTED_STATUS,
  HTTP_API,
  encodeListQuery,
  clientEventReplySchemas,
  replySchema,
  serverEventSchemas,
  serverToCustomerSchemas,
} from '../src/protocol'
import type { Report } from './report'
import { WireSocket, http } from './wire'

/** What a run needs to know about the backend. */
export interface RunOptions {
  /** Origin of the backend (`http://localhost:3000`): the socket and `/version.txt`. */
  url: string
  /** API base (default `<url>/api`). */
  api: string
  /** An agent (level 5) who serves at least one segment. */
  email: string
  password: string
  /** How long to wait for each answer or event. */
  timeoutMs: number
}

/** Raised to stop a flow whose next steps need what failed. */
class Stop extends Error {}

function decodeClaims(token: string): unknown {
  const part = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined

/**
 * Drives the backend through the documented flows as an agent and as a customer, recording one check
 * per expectation. Payloads are checked strictly: a field the console tolerates missing (with a
 * default) is still a failure here, because the contract requires it.
 */
export async function runFlows(options: RunOptions, report: Report): Promise<void> {
  const { timeoutMs } = options
  const call = (method: string, path: string, extra: { token?: string; body?: unknown } = {}) =>
    http(method, `${options.api}${path}`, { ...extra, timeoutMs })
  const sockets: WireSocket[] = []
  try {
    // Login, token claims, check-token, refresh.
    const login = await call('POST', '/auth/login', {
      body: { email: options.email, password: options.password, agreement: true },
    })
    if (!report.record('POST /auth/login', 'status 200', login.status === 200, `status ${login.status}`))
      throw new Stop()
    if (!report.payload('POST /auth/login', 'response', HTTP_API.login.response, login.body)) throw new Stop()
    let accessToken = String(field(login.body, 'accessToken'))
    let refreshToken = String(field(login.body, 'refreshToken'))
    let claims: unknown = null
    try {
      claims = decodeClaims(accessToken)
    } catch {
      // Recorded just below as a failure.
    }
    report.payload(
      'access token',
      'JWT claims the console reads (aud, exp…)',
      AccessTokenClaimsSchema,
      claims,
    )

    const checked = await call('GET', '/auth/check-token', { token: accessToken })
    if (
      report.record('GET /auth/check-token', 'status 200', checked.status === 200, `status ${checked.status}`)
    )
      report.payload('GET /auth/check-token', 'response', HTTP_API.checkToken.response, checked.body)

    const refreshed = await call('POST', '/auth/refresh-token', { body: { refreshToken } })
    if (
      report.record(
        'POST /auth/refresh-token',
        'status 200',
        refreshed.status === 200,
        `status ${refreshed.status}`,
      ) &&
      report.payload('POST /auth/refresh-token', 'response', HTTP_API.refreshToken.response, refreshed.body)
    ) {
      accessToken = String(field(refreshed.body, 'accessToken'))
      refreshToken = String(field(refreshed.body, 'refreshToken') ?? refreshToken)
    }

    const version = await http('GET', `${options.url}/version.txt`, { timeoutMs })
    report.record(
      'GET /version.txt',
      'status 200, cache-control no-cache',
      version.status === 200 && /no-cache/.test(version.headers.get('cache-control') ?? ''),
      `status ${version.status}, cache-control ${version.headers.get('cache-control')}`,
    )

    // The agent's socket: authenticate and the start-up pushes.
    const agent = await WireSocket.connect(options.url, timeoutMs)
    sockets.push(agent)
    const authenticated = await agent.request(
      'authenticate',
      { accessToken, sessionId: `conformance-${Date.now()}`, timezone: 'UTC' },
      timeoutMs,
    )
    if (
      !report.payload('authenticate', 'ack', replySchema(clientEventReplySchemas.authenticate), authenticated)
    )
      throw new Stop()
    const pushes = [
      'agent:authenticated',
      'console:settings',
      'agent:status:update',
      'notifications:update',
    ] as const
    const received: Record<string, unknown> = {}
    for (const event of pushes) {
      try {
        received[event] = await agent.next(event, timeoutMs)
        report.payload(event, 'payload', serverEventSchemas[event], received[event])
      } catch (error) {
        report.record(event, 'arrives after authenticate', false, (error as Error).message)
      }
    }
    const statuses = field(received['console:settings'], 'statuses')
    const ids = Array.isArray(statuses) ? statuses.map((status) => field(status, 'id')) : []
    report.record(
      'console:settings',
      'statuses include available and disconnected',
      ids.includes(AVAILABLE_STATUS) && ids.includes(DISCONNECTED_STATUS),
      `statuses: ${JSON.stringify(ids)}`,
    )
    // The console's own fallback when pageSize is absent or not a page size (already reported above).
    const announced = field(received['console:settings'], 'pageSize')
    const pageSize = typeof announced === 'number' && announced >= 1 ? announced : 10
    const segments = field(received['agent:authenticated'], 'segments')
    const segment = Array.isArray(segments) ? (segments[0] as string | undefined) : undefined
    const userId = String(field(received['agent:authenticated'], 'id') ?? '')

    // Status: the ack and the broadcast.
    const status = await agent.request('status', { status: AVAILABLE_STATUS }, timeoutMs)
    report.payload('status', 'ack', replySchema(clientEventReplySchemas.status), status)
    try {
      const update = await agent.next(
        'agent:status:update',
        timeoutMs,
        (p) => field(p, 'status') === AVAILABLE_STATUS,
      )
      report.payload(
        'agent:status:update',
        'payload after status',
        serverEventSchemas['agent:status:update'],
        update,
      )
    } catch (error) {
      report.record('agent:status:update', 'arrives after status', false, (error as Error).message)
    }

    // Transfer lists (the transfer and invitation dialog).
    const users = await call(
      'GET',
      `/users${encodeListQuery({ level: 5, $limit: pageSize, $skip: 0, id: { $ne: userId } })}`,
      {
        token: accessToken,
      },
    )
    if (report.record('GET /users', 'status 200', users.status === 200, `status ${users.status}`))
      report.payload('GET /users', 'response', HTTP_API.users.response, users.body)
    const segmentsPage = await call('GET', `/segments${encodeListQuery({ $limit: pageSize, $skip: 0 })}`, {
      token: accessToken,
    })
    if (
      report.record(
        'GET /segments',
        'status 200',
        segmentsPage.status === 200,
        `status ${segmentsPage.status}`,
      )
    )
      report.payload('GET /segments', 'response', HTTP_API.segments.response, segmentsPage.body)

    // Appointments (the calendar).
    const services = await agent.request('calendar:services', {}, timeoutMs)
    report.payload(
      'calendar:services',
      'ack',
      replySchema(clientEventReplySchemas['calendar:services']),
      services,
    )
    const today = new Date().toISOString().slice(0, 10)
    const found = await agent.request('appointments:find', { date: today }, timeoutMs)
    report.payload(
      'appointments:find',
      'ack',
      replySchema(clientEventReplySchemas['appointments:find']),
      found,
    )

    // A customer calls; it rings; the agent answers and hangs up.
    if (!report.record('agent:authenticated', 'the agent serves a segment', !!segment, 'segments is empty'))
      throw new Stop()
    const customer = await WireSocket.connect(options.url, timeoutMs, '/customer', {
      sessionId: `conformance-customer-${Date.now()}`,
    })
    sockets.push(customer)
    const queued = await customer.request('queue:join', { segment, name: 'Conformance Customer' }, timeoutMs)
    report.payload('queue:join', 'ack', replySchema(serverToCustomerSchemas['queue:status']), queued)
    let ring: unknown
    try {
      ring = await agent.next('inbound', timeoutMs)
    } catch (error) {
      report.record('inbound', 'rings at the available agent', false, (error as Error).message)
      throw new Stop()
    }
    report.payload('inbound', 'payload', serverEventSchemas.inbound, ring)
    const callId = field(ring, 'id')
    if (typeof callId !== 'string') throw new Stop()

    const answered = await agent.request('answer', { callId }, timeoutMs)
    if (!report.payload('answer', 'ack', replySchema(clientEventReplySchemas.answer), answered))
      throw new Stop()
    try {
      report.payload('join', 'payload', serverEventSchemas.join, await agent.next('join', timeoutMs))
    } catch (error) {
      report.record('join', 'arrives after answer', false, (error as Error).message)
    }
    try {
      const joined = await customer.next('call:joined', timeoutMs)
      report.payload('call:joined', 'payload (customer)', serverToCustomerSchemas['call:joined'], joined)
    } catch (error) {
      report.record('call:joined', 'arrives at the customer', false, (error as Error).message)
    }

    // A segment with mandatory tags needs one before the hang-up.
    const joinedCall = field(answered, 'data')
    const tags = field(joinedCall, 'tags')
    if (field(joinedCall, 'mandatoryTags') === true && Array.isArray(tags) && tags.length > 0) {
      const tagged = await agent.request('set:tags', { tags: [field(tags[0], '_id')] }, timeoutMs)
      report.payload('set:tags', 'ack', replySchema(clientEventReplySchemas['set:tags']), tagged)
    }
    const hungUp = await agent.request('hangup', {}, timeoutMs)
    report.payload('hangup', 'ack', replySchema(clientEventReplySchemas.hangup), hungUp)
    try {
      const end = await agent.next('end', timeoutMs, (p) => field(p, 'callId') === callId)
      report.payload('end', 'payload after hangup', serverEventSchemas.end, end)
    } catch (error) {
      report.record('end', 'arrives after hangup', false, (error as Error).message)
    }
    try {
      const ended = await customer.next('call:ended', timeoutMs)
      report.payload('call:ended', 'payload (customer)', serverToCustomerSchemas['call:ended'], ended)
    } catch (error) {
      report.record('call:ended', 'arrives at the customer', false, (error as Error).message)
    }

    // Logout: the session ends, its socket is told.
    const logout = await call('POST', '/auth/logout', { body: { refreshToken } })
    if (report.record('POST /auth/logout', 'status 200', logout.status === 200, `status ${logout.status}`))
      report.payload('POST /auth/logout', 'response', HTTP_API.logout.response, logout.body)
  } catch (error) {
    if (!(error instanceof Stop))
      report.record('run', 'completes', false, error instanceof Error ? error.message : String(error))
  } finally {
    for (const socket of sockets) socket.close()
  }
}
