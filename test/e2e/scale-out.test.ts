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
/** Every customer of the burst comes from 127.0.0.1: the per-address budgets of one real address step aside. */
const BUDGETS = { CUSTOMER_CONNECTIONS_PER_ADDRESS: '100000', QUEUE_JOINS_PER_ADDRESS: '100000' }

let cluster: PostgresCluster
let databases = 0
let servers: RunningServer[] = []
let clients: EventClient[] = []
let databaseUrl = ''

/** Starts `count` processes at the same instant on the test's database. */
async function startTogether(count: number): Promise<RunningServer[]> {
  const started = await Promise.all(
    Array.from({ length: count }, () => startServer({ DATABASE_URL: databaseUrl, TIMERS, ...BUDGETS })),
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

/** An agent's console back on `server` after its process stopped: the same token and session. */
async function authenticatedAgain(server: RunningServer, accessToken: string, sessionId: string) {
  const client = new EventClient(server.url)
  clients.push(client)
  await client.connected()
  const reply = await client.request('authenticate', { accessToken, sessionId, timezone: 'UTC' })
  assert.ok(reply.ok, `authenticate again: ${JSON.stringify(reply)}`)
  return client
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

/** A customer socket on `server` (a new session, or `sessionId` coming back). */
async function customerOn(server: RunningServer, sessionId: string = randomUUID()): Promise<EventClient> {
  const client = new EventClient(server.url, { namespace: '/customer', auth: { sessionId } })
  clients.push(client)
  await client.connected()
  return client
}

/** How long a step of the rolling restart may take on a loaded machine. */
const STEP_MS = 60_000

/**
 * A client of the process being stopped: it hears `server:draining`, its connection closes, and it
 * comes back (as the load balancer would send it) on `survivor` with the same session.
 */
async function movedTo<T>(client: EventClient, reconnect: () => Promise<T>): Promise<T> {
  assert.deepEqual(await client.next('server:draining', () => true, STEP_MS), { reason: 'shutdown' })
  await client.next('disconnect', () => true, STEP_MS)
  return reconnect()
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
    let endedSoFar = 0
    const ended = await Promise.all(
      customers.map((customer, index) =>
        customer
          .next<{ callId: string; reason: string }>(
            'call:ended',
            (event) => event.callId === callIds[index],
            120_000,
          )
          .then((event) => ((endedSoFar += 1), event)),
      ),
    ).catch((error: unknown) => {
      // Once seen in CI, never here: a customer left queued for 2 minutes. What the agents went through says why.
      const state = { ended: endedSoFar, offered: offers.size, failures }
      throw new Error(`${String(error)}; ${JSON.stringify(state)}`, { cause: error })
    })
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

  it('rolling restart: SIGTERM one of two processes, a replacement starts; no call and no queued customer is lost', async (t) => {
    const [a, b] = await startTogether(2)
    const { segment, emails } = await segmentWithAgents(3)
    // On the process that will stop: Xavi in a call with Carla (both there), Yago ringing for Cora
    // (who is on the other process), and Cleo queued there; Cruz queued on the other one.
    const xavi = await agentOn(a!, emails[0]!)
    const carla = await customerOn(a!)
    const carlaSession = (carla.socket.auth as { sessionId: string }).sessionId
    const inCall = await queue(carla, segment, 'Carla')
    assert.equal((await xavi.client.next<InboundCall>('inbound', () => true, STEP_MS)).id, inCall)
    assert.ok((await xavi.client.request('answer', { callId: inCall })).ok)
    await xavi.client.next<Call>('join', (call) => call.id === inCall, STEP_MS)
    await carla.next('call:joined', () => true, STEP_MS)

    const yago = await agentOn(a!, emails[1]!)
    const cora = await customerOn(b!)
    const ringing = await queue(cora, segment, 'Cora')
    assert.equal((await yago.client.next<InboundCall>('inbound', () => true, STEP_MS)).id, ringing)
    const cleo = await customerOn(a!)
    const cleoSession = (cleo.socket.auth as { sessionId: string }).sessionId
    const cruz = await customerOn(b!)
    const waiting = [await queue(cleo, segment, 'Cleo'), await queue(cruz, segment, 'Cruz')]

    // SIGTERM to the first process; its clients come back on the second, as the load balancer sends them.
    const stopping = a!.stop()
    const [xaviBack, yagoBack, carlaBack, cleoBack] = await Promise.all([
      movedTo(xavi.client, () => authenticatedAgain(b!, xavi.accessToken, xavi.sessionId)),
      movedTo(yago.client, () => authenticatedAgain(b!, yago.accessToken, yago.sessionId)),
      movedTo(carla, () => customerOn(b!, carlaSession)),
      movedTo(cleo, () => customerOn(b!, cleoSession)),
    ])
    await stopping
    assert.match(a!.output(), /"event":"process\.drained"[^\n]*"timedOut":false/)
    // The replacement comes up on the same database and takes agents of its own.
    const [replacement] = await startTogether(1)
    const wren = await agentOn(replacement!, emails[2]!)

    // The call in progress goes on: Xavi gets it back, Carla is in it again, the server still has it.
    assert.equal((await xaviBack.next<Call>('rejoin', (call) => call.id === inCall, STEP_MS)).id, inCall)
    assert.equal(
      (await carlaBack.next<{ callId: string }>('call:joined', () => true, STEP_MS)).callId,
      inCall,
    )

    // Every customer who waited (the one ringing at the stop and the queued ones) is offered and answered.
    const answered = new Map<string, string>()
    const failures: string[] = []
    for (const [name, agent] of [
      ['yago', yagoBack],
      ['wren', wren.client],
    ] as const) {
      const onInbound = (inbound: InboundCall) => {
        void (async () => {
          const reply = await agent.request('answer', { callId: inbound.id })
          if (!reply.ok) return failures.push(`${name} answer ${inbound.id}: ${JSON.stringify(reply.error)}`)
          await agent.next('join', (call: Call) => call.id === inbound.id, STEP_MS)
          answered.set(inbound.id, name)
          const hung = await agent.request('hangup', {})
          if (!hung.ok) failures.push(`${name} hangup ${inbound.id}: ${JSON.stringify(hung.error)}`)
        })().catch((error: unknown) => failures.push(String(error)))
      }
      agent.socket.on('inbound', onInbound)
      // What rang before this listener (Yago's console is offered a call as soon as it is back).
      while (agent.has('inbound')) onInbound(await agent.next<InboundCall>('inbound'))
    }
    const joined = await Promise.all(
      [
        [cora, ringing],
        [cleoBack, waiting[0]],
        [cruz, waiting[1]],
      ].map(([customer, callId]) =>
        (customer as EventClient).next<{ callId: string }>(
          'call:joined',
          (event) => event.callId === callId,
          2 * STEP_MS,
        ),
      ),
    )
    assert.deepEqual(
      joined.map((event) => event.callId),
      [ringing, ...waiting],
    )
    await Promise.all(
      [cora, cleoBack, cruz].map((customer) => customer.next('call:ended', () => true, STEP_MS)),
    )
    assert.deepEqual(failures, [])
    t.diagnostic(`answered after the restart: ${JSON.stringify(Object.fromEntries(answered))}`)

    // Xavi's call was never dropped: it ends only when he hangs up, for Carla too.
    assert.ok((await xaviBack.request('hangup', {})).ok)
    assert.deepEqual(await carlaBack.next('call:ended', () => true, STEP_MS), {
      callId: inCall,
      reason: 'hangup',
    })
  })
})
