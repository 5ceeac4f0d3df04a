// Scale-out: two reference server processes on one real PostgreSQL (a throwaway cluster of this file),
// linked by the socket.io Postgres adapter, with agents and customers spread across both.
import { after, afterEach, before, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { Call, InboundCall } from '../../src/protocol'
import { openPostgres } from '../../server/store/postgres-database'
import { insertUser } from '../../server/store/seed'
import { hashPassword } from '../../server/auth/passwords'
import { newId } from '../../server/store/ids'
import { DEMO_PASSWORD, SEED } from '../../server/store/seed-content'
import { EventClient } from '../server/support/event-client'
import { TEST_PASSWORD_COST } from '../server/support/prepared-database'
import { startPostgres, type PostgresCluster } from '../server/support/postgres-cluster'
import { startServer, type RunningServer } from './support/server'

/** Timers of both processes: the defaults, but rings that never time out during a test. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 120_000 })

let cluster: PostgresCluster
let databases = 0
let servers: RunningServer[] = []
let clients: EventClient[] = []
let databaseUrl = ''

/** Starts `count` processes at the same instant on the test's database. */
async function startTogether(count: number): Promise<RunningServer[]> {
  const started = await Promise.all(
    Array.from({ length: count }, () => startServer({ DATABASE_URL: databaseUrl, TIMERS })),
  )
  servers.push(...started)
  return started
}

/** Logs an agent in on `server` and authenticates a socket there; optionally sets a status. */
async function agentOn(server: RunningServer, email: string, sessionId = randomUUID()) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, agreement: true }),
  })
  assert.equal(response.status, 200, `login ${email} on ${server.url}`)
  const { accessToken } = (await response.json()) as { accessToken: string }
  const client = await authenticated(server, accessToken, sessionId)
  return { client, accessToken, sessionId }
}

/** An agent socket on `server`, authenticated and made available. */
async function authenticated(server: RunningServer, accessToken: string, sessionId: string) {
  const client = new EventClient(server.url)
  clients.push(client)
  await client.connected()
  const reply = await client.request('authenticate', { accessToken, sessionId, timezone: 'UTC' })
  assert.ok(reply.ok, `authenticate: ${JSON.stringify(reply)}`)
  const status = await client.request('status', { status: 'available' })
  assert.ok(status.ok, `status: ${JSON.stringify(status)}`)
  return client
}

/** A customer socket on `server`. */
async function customerOn(server: RunningServer): Promise<EventClient> {
  const client = new EventClient(server.url, { namespace: '/customer', auth: { sessionId: randomUUID() } })
  clients.push(client)
  await client.connected()
  return client
}

/** A new segment with `count` new agents serving it; returns the segment and the agents' emails. */
async function segmentWithAgents(count: number): Promise<{ segment: string; emails: string[] }> {
  const db = openPostgres(databaseUrl)
  try {
    const segment = newId()
    await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1, $2, $3)', [
      segment,
      SEED.account,
      `Scale ${segment.slice(-4)}`,
    ])
    const passwordHash = await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST)
    const emails: string[] = []
    for (let i = 0; i < count; i++) {
      const id = newId()
      const email = `scale-${id}@test.test`
      await insertUser(db, {
        id,
        accountId: SEED.account,
        email,
        firstname: `Agent${i}`,
        lastname: 'Scale',
        level: 5,
        passwordHash,
      })
      await db.query('INSERT INTO agent_segments (user_id, segment_id) VALUES ($1, $2)', [id, segment])
      emails.push(email)
    }
    return { segment, emails }
  } finally {
    await db.close()
  }
}

async function queue(customer: EventClient, segment: string, name: string): Promise<string> {
  const reply = await customer.request<{ callId: string }>('queue:join', { segment, name })
  assert.ok(reply.ok, `queue:join: ${JSON.stringify(reply)}`)
  return reply.data.callId
}

describe('two server processes on one PostgreSQL', () => {
  before(async () => {
    cluster = await startPostgres()
  })
  after(async () => {
    await cluster?.stop()
  })
  beforeEach(async () => {
    databaseUrl = await cluster.createDatabase(`scale_out_${process.pid}_${++databases}`)
  })
  afterEach(async () => {
    for (const client of clients) client.close()
    clients = []
    await Promise.all(servers.map((server) => server.stop()))
    servers = []
  })

  it('both come up when started together on an empty database, migrated and seeded once', async () => {
    const [a, b] = await startTogether(2)
    for (const [server, email] of [
      [a!, 'ana@demo.test'],
      [b!, 'bruno@demo.test'],
    ] as const) {
      const ready = await fetch(`${server.url}/readyz`)
      assert.equal(ready.status, 200, `${server.url} ready`)
      await agentOn(server, email)
    }
    const db = openPostgres(databaseUrl)
    try {
      const accounts = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts')
      const migrations = await db.query<{ name: string; count: number }>(
        'SELECT name, count(*)::int AS count FROM schema_migrations GROUP BY name',
      )
      assert.ok(accounts[0]!.count >= 1)
      assert.equal(accounts[0]!.count, (await db.query('SELECT DISTINCT id FROM accounts')).length)
      assert.ok(migrations.length >= 5 && migrations.every((row) => row.count === 1))
    } finally {
      await db.close()
    }
  })

  it('routes across processes: ring, answer, signalling, chat and hang-up between them', async () => {
    const [a, b] = await startTogether(2)
    const { segment, emails } = await segmentWithAgents(1)
    const { client: agent } = await agentOn(a!, emails[0]!)
    const customer = await customerOn(b!)
    const callId = await queue(customer, segment, 'Across')
    const inbound = await agent.next<InboundCall>('inbound')
    assert.equal(inbound.id, callId)
    const answered = await agent.request('answer', { callId })
    assert.ok(answered.ok)
    const call = await agent.next<Call>('join')
    const joined = await customer.next<{ callId: string; peers: { id: string }[] }>('call:joined')
    assert.equal(joined.callId, callId)
    const customerPeer = call.peers[0]!.id
    agent.emit('signal', { to: customerPeer, channel: 'media', data: { type: 'offer', sdp: 'v=0' } })
    assert.deepEqual(await customer.next('signal'), {
      from: call.peerId,
      channel: 'media',
      data: { type: 'offer', sdp: 'v=0' },
    })
    customer.emit('signal', { to: call.peerId, channel: 'media', data: { type: 'answer', sdp: 'v=0' } })
    assert.equal((await agent.next<{ from: string }>('signal')).from, customerPeer)
    assert.ok((await customer.request('chat:message', { text: 'Hola' })).ok)
    assert.equal((await agent.next<{ text: string }>('chat:message')).text, 'Hola')
    agent.emit('chat:message', { text: 'Hello from the other process' })
    const reply = await customer.next<{ text: string; from: string }>(
      'chat:message',
      (m) => m.from === 'agent',
    )
    assert.equal(reply.text, 'Hello from the other process')
    assert.ok((await agent.request('hangup', {})).ok)
    assert.deepEqual(await customer.next('call:ended'), { callId, reason: 'hangup' })
  })

  it('100 customers in a burst: each offered once, never twice, and 100 hang-ups → 100 call:ended', async () => {
    const [a, b] = await startTogether(2)
    const { segment, emails } = await segmentWithAgents(10)
    const offers = new Map<string, number>()
    const agents = await Promise.all(
      emails.map(async (email, index) => (await agentOn(index % 2 === 0 ? a! : b!, email)).client),
    )
    const customers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => customerOn(index % 2 === 0 ? a! : b!)),
    )
    // Every agent answers whatever rings at them and hangs up at once, then takes the next.
    const failures: string[] = []
    for (const agent of agents)
      agent.socket.on('inbound', (inbound: InboundCall) => {
        offers.set(inbound.id, (offers.get(inbound.id) ?? 0) + 1)
        void (async () => {
          const answered = await agent.request('answer', { callId: inbound.id })
          if (!answered.ok) return failures.push(`answer ${inbound.id}: ${JSON.stringify(answered.error)}`)
          await agent.next('join', (call: Call) => call.id === inbound.id, 60_000)
          const hung = await agent.request('hangup', {})
          if (!hung.ok) failures.push(`hangup ${inbound.id}: ${JSON.stringify(hung.error)}`)
        })().catch((error: unknown) => failures.push(String(error)))
      })
    const callIds = await Promise.all(
      customers.map((customer, index) => queue(customer, segment, `C${index}`)),
    )
    const ended = await Promise.all(
      customers.map((customer, index) =>
        customer.next<{ callId: string; reason: string }>(
          'call:ended',
          (event) => event.callId === callIds[index],
          120_000,
        ),
      ),
    )
    assert.deepEqual(failures, [])
    const doubled = [...offers.values()].filter((count) => count > 1).length
    const neverOffered = callIds.filter((id) => !offers.has(id)).length
    assert.deepEqual({ doubled, neverOffered }, { doubled: 0, neverOffered: 0 })
    assert.equal(ended.filter((event) => event.reason === 'hangup').length, 100)
  })

  it('kill -9 of one process: a customer queued just after is routed within 5 s; its agents come back on the other', async (t) => {
    const [a, b] = await startTogether(2)
    const { segment, emails } = await segmentWithAgents(2)
    // The agent of the process that dies waited longest: routing would pick them first.
    const doomed = await agentOn(a!, emails[0]!)
    const survivor = await agentOn(b!, emails[1]!)
    await a!.kill()
    const customer = await customerOn(b!)
    const queuedAt = performance.now()
    const callId = await queue(customer, segment, 'After the crash')
    const rung = await survivor.client.next<InboundCall>('inbound', (call) => call.id === callId, 5_000)
    const routedMs = performance.now() - queuedAt
    assert.equal(rung.id, callId)
    assert.ok(routedMs < 5_000, `routed in ${routedMs} ms`)
    t.diagnostic(`queued after the kill, routed in ${Math.round(routedMs)} ms`)
    // The console of the dead process's agent reconnects through the load balancer: to the survivor.
    const back = await authenticated(b!, doomed.accessToken, doomed.sessionId)
    const status = await back.next<{ available: boolean; online: boolean }>(
      'agent:status:update',
      (update) => update.available,
    )
    assert.deepEqual(
      { online: status.online, available: status.available },
      { online: true, available: true },
    )
  })
})
