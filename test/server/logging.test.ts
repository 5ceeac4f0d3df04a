import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import Fastify from 'fastify'
import type { InboundCall, LoginResponse, QueueStatus } from '../../src/protocol'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { fastifyLogging, idFieldsLogger } from '../../server/observability/logger'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { freshDatabase } from './support/prepared-database'

const CUSTOMER_EMAIL = 'carla.cliente.7731@example.com'
const CUSTOMER_NAME = 'Carla Zunino-Cliente'

/** Log lines as the server writes them, kept in memory. */
function captured(): {
  stream: { write(line: string): void }
  lines: () => Record<string, unknown>[]
  text: () => string
} {
  const chunks: string[] = []
  return {
    stream: { write: (line: string) => void chunks.push(line) },
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  }
}

describe('structured logs of a login and a call', () => {
  const log = captured()
  let server: TestServer
  before(async () => {
    server = await TestServer.start({ logLevel: 'trace', logStream: log.stream })
  })
  after(() => server.close())

  it('never contain the password, a token, a claim, or the customer email or name', async () => {
    const segment = await server.createSegment('Logging')
    const email = await server.createAgent([segment])
    const secrets: string[] = [DEMO_PASSWORD, email, CUSTOMER_EMAIL, CUSTOMER_NAME]

    // A failed login, a login, a token refresh, a claim and a token check.
    const refused = await server.http('POST', '/auth/login', {
      body: { email, password: `${DEMO_PASSWORD}x`, agreement: true },
    })
    assert.equal(refused.status, 401)
    const login = await server.login(email)
    const refreshed = await server.http<LoginResponse>('POST', '/auth/refresh-token', {
      body: { refreshToken: login.refreshToken },
    })
    assert.equal(refreshed.status, 200)
    const claim = await server.http<{ id: string }>('POST', '/dev/claims', { body: { email } })
    assert.equal(claim.status, 200)
    const claimed = await server.http<LoginResponse>('GET', `/auth/login/${claim.body.id}`)
    assert.equal(claimed.status, 200)
    // A plain HTTP client gets the refresh tokens in the body (no cookie asked for).
    assert.ok(login.refreshToken)
    assert.ok(refreshed.body.refreshToken)
    assert.ok(claimed.body.refreshToken)
    secrets.push(login.accessToken, login.refreshToken, claim.body.id)
    secrets.push(refreshed.body.accessToken, refreshed.body.refreshToken)
    secrets.push(claimed.body.accessToken, claimed.body.refreshToken)
    const token = refreshed.body.accessToken
    assert.equal((await server.http('GET', '/auth/check-token', { token })).status, 200)
    // Personal data and tokens in a query string are masked too.
    await server.http('GET', `/users?email=${encodeURIComponent(CUSTOMER_EMAIL)}&$limit=5`, { token })
    await server.http('GET', `/auth/sso/authorize?ticket=${login.accessToken}`)

    // A socket refused with a wrong token, then the agent's own socket.
    const intruder = server.socket()
    await intruder.connected()
    await intruder.request('authenticate', {
      accessToken: login.refreshToken,
      sessionId: 'intruder-session-1',
      timezone: 'UTC',
    })
    const { client: agent, userId } = await server.agent(email, { status: 'available' })

    // The customer calls with their email in the form, chats it, and the call ends.
    const customer = await server.customer()
    const joined = await customer.request<QueueStatus>('queue:join', {
      segment,
      name: CUSTOMER_NAME,
      form: { Email: CUSTOMER_EMAIL },
    })
    assert.ok(joined.ok)
    const inbound = await agent.next<InboundCall>('inbound')
    await answer(agent, inbound.id)
    await customer.next('call:joined')
    assert.ok((await customer.request('chat:message', { text: `write to ${CUSTOMER_EMAIL}` })).ok)
    assert.ok((await agent.request('hangup', {})).ok)
    await customer.next('call:ended')

    const text = log.text()
    for (const secret of secrets)
      assert.equal(text.includes(secret), false, `the logs contain ${secret.slice(0, 12)}…`)
    assert.equal(text.includes(encodeURIComponent(CUSTOMER_EMAIL)), false)

    // What they do contain: the ids to follow the call.
    const lines = log.lines()
    const routing = lines.filter((line) => line.component === 'routing' && line.callId === inbound.id)
    const events = routing.map((line) => line.event)
    for (const event of ['call.queued', 'call.offered', 'call.answered', 'call.ended'])
      assert.ok(events.includes(event), `no ${event} line (got ${events.join(', ')})`)
    for (const line of routing) {
      assert.ok('agentId' in line && 'segment' in line, JSON.stringify(line))
      assert.equal(line.segment, segment)
    }
    assert.equal(routing.find((line) => line.event === 'call.answered')?.agentId, userId)
    const refusedSocket = lines.find(
      (line) => line.event === 'socket.refused' && line.socketEvent === 'authenticate',
    )
    assert.equal(refusedSocket?.code, 401)
  })

  it('writes the call and its segment on the lines of rings that end, a transfer’s included', async () => {
    const segment = await server.createSegment('Ring ends')
    const first = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    assert.equal((await first.client.next<InboundCall>('inbound')).id, callId)
    assert.ok((await first.client.request('dismiss', { callId })).ok)
    // It rings again at a second agent, who answers and transfers it to a third, who turns it down.
    const second = await server.agent(await server.createAgent([segment]))
    assert.ok((await second.client.request('status', { status: 'available' })).ok)
    await answer(second.client, callId)
    const third = await server.agent(await server.createAgent([]), { status: 'available' })
    second.client.emit('call:transfer:agent', { agent: third.userId })
    assert.equal((await third.client.next<InboundCall>('transferred')).id, callId)
    third.client.emit('dismiss', { callId })
    await second.client.next('call:transfer:error')

    const lines = log.lines().filter((line) => line.component === 'routing' && line.callId === callId)
    assert.deepEqual(
      lines
        .filter((line) => line.event === 'offer.dismissed')
        .map((line) => [line.agentId, line.segment, line.kind]),
      [
        [first.userId, segment, 'inbound'],
        [third.userId, segment, 'transferred'],
      ],
    )
    const transfer = lines.find((line) => line.event === 'call.transfer')
    assert.deepEqual(
      [transfer?.agentId, transfer?.to, transfer?.segment, transfer?.outcome],
      [second.userId, third.userId, segment, 'dismissed'],
    )
  })

  it('carries a request id on every HTTP line, the load balancer’s when it sends one', async () => {
    await server.http('GET', '/public/segments', { headers: { 'x-request-id': 'lb-trace-4821' } })
    await server.http('GET', '/public/segments', { headers: { 'x-request-id': 'not a safe id <script>' } })
    const lines = log.lines()
    const http = lines.filter((line) => 'req' in line || 'res' in line)
    assert.ok(http.length > 10)
    for (const line of http)
      assert.match(String(line.requestId), /^[A-Za-z0-9._:-]{1,64}$/, JSON.stringify(line))
    const traced = http.filter((line) => line.requestId === 'lb-trace-4821')
    assert.deepEqual(
      traced.map((line) => line.msg),
      ['incoming request', 'request completed'],
    )
    assert.equal(
      lines.some((line) => JSON.stringify(line).includes('<script>')),
      false,
    )
  })

  it('labels every line with the process, a text level and an ISO time', () => {
    for (const line of log.lines()) {
      assert.equal(line.process, server.app.context.nodeId)
      assert.match(String(line.level), /^(trace|debug|info|warn|error|fatal)$/)
      assert.ok(!Number.isNaN(Date.parse(String(line.time))))
    }
  })
})

describe('the log redaction', () => {
  it('keeps the parameters of a failed statement out of an error line', async () => {
    const log = captured()
    const app = Fastify(fastifyLogging({ level: 'info', processId: 'redaction-test', stream: log.stream }))
    const db = await freshDatabase()
    try {
      const failure = await db.query('SELECT $1::int', [CUSTOMER_EMAIL]).catch((error: unknown) => error)
      assert.ok(failure instanceof Error)
      app.log.error({ err: failure }, 'a query failed')
    } finally {
      await db.close()
      await app.close()
    }
    const [line] = log.lines()
    assert.equal(line?.msg, 'a query failed')
    assert.equal(log.text().includes(CUSTOMER_EMAIL), false)
    assert.match(JSON.stringify(line?.err), /invalid input syntax/)
  })

  it('keeps a secret out of a routing line, whose fields are ids (idFieldsLogger), and writes the ids', async () => {
    const log = captured()
    const app = Fastify(fastifyLogging({ level: 'info', processId: 'redaction-test', stream: log.stream }))
    try {
      const routing = idFieldsLogger(app.log, { component: 'routing' })
      routing.info(
        {
          event: 'call.offered',
          callId: 'call-1',
          token: 'tok-7731',
          email: CUSTOMER_EMAIL,
          sessionId: 'sess-7731',
        },
        'call offered',
      )
      // The root logger's wildcard paths stay for lines that nest objects.
      app.log.info({ customer: { email: CUSTOMER_EMAIL } }, 'nested')
    } finally {
      await app.close()
    }
    const [routed, nested] = log.lines()
    assert.deepEqual(
      [routed?.component, routed?.event, routed?.callId, routed?.token, routed?.email, routed?.sessionId],
      ['routing', 'call.offered', 'call-1', '[redacted]', '[redacted]', '[redacted]'],
    )
    assert.deepEqual(nested?.customer, { email: '[redacted]' })
    for (const secret of [CUSTOMER_EMAIL, 'tok-7731', 'sess-7731'])
      assert.equal(log.text().includes(secret), false)
  })
})
