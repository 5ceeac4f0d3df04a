import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import type { Reply } from '../../src/protocol'
import { ConfigError, readAnonymousLimits, readConfig } from '../../server/config'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { parsePrometheus, valueOf } from './support/prometheus'
import { pollUntil } from './support/poll'

// The budgets are environment settings read as the server starts: small ones, so a flood is short.
const LIMITS = {
  CUSTOMER_CONNECTIONS_PER_ADDRESS: '6',
  QUEUE_JOINS_PER_ADDRESS: '4',
  QUEUE_JOINS_PER_SESSION: '3',
  CHAT_LINES_PER_SECOND: '5',
}

/** A raw customer socket as an attacker opens it, from `address` as the trusted proxy reports it. */
function rawCustomer(url: string, address: string, sessionId: string = randomUUID()): Socket {
  return io(`${url}/customer`, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { sessionId },
    extraHeaders: { 'x-forwarded-for': address },
  })
}

/** Whether the socket got in (`connect`) or was turned away (`connect_error`, its message). */
function outcome(socket: Socket): Promise<true | string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(true))
    socket.once('connect_error', (error) => resolve(error.message))
  })
}

const emit = <T>(socket: Socket, event: string, payload: unknown): Promise<Reply<T>> =>
  socket.timeout(8000).emitWithAck(event, payload) as Promise<Reply<T>>

describe('an address that floods the customer namespace', () => {
  let server: TestServer
  const sockets: Socket[] = []
  const open = (address: string, sessionId?: string) => {
    const socket = rawCustomer(server.url, address, sessionId)
    sockets.push(socket)
    return socket
  }
  /** A socket from `address` once one of its places is free (the server saw a close). */
  const openOnceFree = async (address: string) => {
    let socket: Socket | undefined
    await pollUntil(
      async () => {
        socket = open(address)
        return (await outcome(socket)) === true
      },
      `a free place for ${address}`,
      5000,
    )
    return socket!
  }
  const refusals = async (surface: string, limit: string) =>
    valueOf(
      parsePrometheus(await server.app.context.metrics.registry.metrics()),
      'agent_console_anonymous_refusals_total',
      { surface, limit },
    )
  const queued = async (segment: string) =>
    (
      await server.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM calls WHERE segment_id = $1 AND status IN ('queued', 'ringing')",
        [segment],
      )
    )[0]!.count

  before(async () => {
    Object.assign(process.env, LIMITS)
    server = await TestServer.start({ trustProxy: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] })
  })
  after(async () => {
    for (const socket of sockets) socket.close()
    for (const name of Object.keys(LIMITS)) delete process.env[name]
    await server.close()
  })

  it('opens at most CUSTOMER_CONNECTIONS_PER_ADDRESS sockets; another address still gets in', async () => {
    const burst = Array.from({ length: 20 }, () => open('198.51.100.7'))
    const results = await Promise.all(burst.map(outcome))
    assert.equal(results.filter((result) => result === true).length, 6)
    assert.ok(results.every((result) => result === true || /Too many connections/.test(result)))
    assert.equal(await refusals('customer_connection', 'per_address'), 14)
    assert.equal(await outcome(open('203.0.113.9')), true, 'a customer at another address')
    // A socket that goes gives its place back.
    burst.find((socket) => socket.connected)!.close()
    await openOnceFree('198.51.100.7')
  })

  it('queues at most QUEUE_JOINS_PER_ADDRESS calls a minute from one address; none rings beyond', async () => {
    const segment = await server.createSegment('Flooded')
    const address = '198.51.100.23'
    const fakes = Array.from({ length: 6 }, () => open(address))
    await Promise.all(fakes.map(outcome))
    const replies = await Promise.all(
      fakes.map((socket, index) => emit(socket, 'queue:join', { segment, name: `Fake ${index}` })),
    )
    assert.equal(replies.filter((reply) => reply.ok).length, 4)
    for (const reply of replies.filter((reply) => !reply.ok)) assert.equal(!reply.ok && reply.error.code, 429)
    assert.equal(await queued(segment), 4, 'the refused joins stored no call')
    assert.equal(await refusals('queue_join', 'per_address'), 2)
    // A real customer elsewhere is queued behind the four, not behind a flood.
    const real = open('203.0.113.50')
    await outcome(real)
    const status = await emit<{ position: number }>(real, 'queue:join', { segment, name: 'Real' })
    assert.ok(status.ok && status.data.position === 5, JSON.stringify(status))
    // A minute on, the address may join again (from a socket of its own: its six are open).
    await server.advance(60_000)
    fakes[5]!.close()
    const later = await openOnceFree(address)
    assert.ok((await emit(later, 'queue:join', { segment, name: 'Later' })).ok)
  })

  it('lets one session join at most QUEUE_JOINS_PER_SESSION times a minute', async () => {
    const segment = await server.createSegment('Rejoined')
    const socket = open('198.51.100.99')
    await outcome(socket)
    const replies: Reply<unknown>[] = []
    for (let index = 0; index < 5; index++) {
      replies.push(await emit(socket, 'queue:join', { segment, name: 'Again' }))
      await emit(socket, 'queue:leave', {})
    }
    assert.deepEqual(
      replies.map((reply) => (reply.ok ? 'ok' : reply.error.code)),
      ['ok', 'ok', 'ok', 429, 429],
    )
    assert.equal(await refusals('queue_join', 'per_session'), 2)
  })

  it('delivers at most CHAT_LINES_PER_SECOND lines a second (bursts of twice that) of 600 sent at once', async () => {
    const segment = await server.createSegment('Chatty')
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    await answer(agent.client)
    await customer.next('call:joined')
    const replies = await Promise.all(
      Array.from({ length: 600 }, (_, index) =>
        customer.request('chat:message', { text: `spam ${index}`, key: `flood-chat-line-${1000 + index}` }),
      ),
    )
    assert.equal(replies.filter((reply) => reply.ok).length, 10)
    assert.ok(replies.every((reply) => reply.ok || reply.error.code === 429))
    assert.equal(await refusals('chat', 'per_socket'), 590)
    for (let index = 0; index < 10; index++) await agent.client.next('chat:message')
    // A second on, the customer may talk again.
    await server.advance(1000)
    assert.ok((await customer.request('chat:message', { text: 'sorry', key: 'flood-chat-line-after' })).ok)
    await agent.client.next('chat:message')
    assert.ok(!agent.client.has('chat:message'), 'no line of the flood arrived late')
  })
})

describe('the anonymous budgets as settings', () => {
  it('have documented defaults, and a value that is not a whole number from 1 stops the start', () => {
    assert.deepEqual(readAnonymousLimits({}), {
      customerConnectionsPerAddress: 64,
      queueJoinsPerAddress: 60,
      queueJoinsPerSession: 10,
      chatLinesPerSecond: 5,
      cspReportMaxBytes: 16_384,
      cspReportsLoggedPerMinute: 10,
    })
    assert.equal(readConfig({ CHAT_LINES_PER_SECOND: '12' }).anonymous.chatLinesPerSecond, 12)
    for (const value of ['0', '-1', '2.5', 'many', '100001'])
      assert.throws(
        () => readConfig({ CUSTOMER_CONNECTIONS_PER_ADDRESS: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.some((problem) => problem.startsWith(`CUSTOMER_CONNECTIONS_PER_ADDRESS=${value}`)),
      )
  })
})
