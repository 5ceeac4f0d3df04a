import { afterEach, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { CallHistoryDetail, CallHistoryItem, InboundCall, Metrics, Paged } from '../../src/protocol'
import { encodeListQuery } from '../../src/protocol'
import { stableId } from '../../server/store/ids'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'

// A Wednesday afternoon in Santiago (UTC-3 in March): the day and the week hold every call below.
const START = Date.parse('2026-03-04T15:00:00.000Z')
const SALE_TAG = stableId('tag:sale')

type Agent = Awaited<ReturnType<TestServer['agent']>>

/** A server of its own for each test: Ana serves the segment "History", Bruno (another agent) none. */
interface World {
  server: TestServer
  segment: string
  ana: Agent
  bruno: Agent
}

async function newWorld(): Promise<World> {
  const server = await TestServer.start({}, { startAt: START })
  const segment = await server.createSegment('History')
  const ana = await server.agent(await server.createAgent([segment], { firstname: 'Ana' }), {
    status: 'available',
  })
  const bruno = await server.agent(await server.createAgent([], { firstname: 'Bruno' }), {
    status: 'available',
  })
  return { server, segment, ana, bruno }
}

async function history({ server }: World, agent: Agent, query: Parameters<typeof encodeListQuery>[0] = {}) {
  return server.http<Paged<CallHistoryItem>>('GET', `/calls${encodeListQuery(query)}`, { token: agent.token })
}

async function detail({ server }: World, agent: Agent, id: string) {
  return server.http<CallHistoryDetail>('GET', `/calls/${id}`, { token: agent.token })
}

/** Alice calls; Ana answers, they chat, Ana tags and comments, and hangs up after 90 s. */
async function answeredCall({ server, segment, ana }: World): Promise<string> {
  const customer = await server.customer()
  await queueCustomer(customer, segment, 'Alice Answered')
  const call = await answer(ana.client)
  await customer.next('call:joined')
  assert.ok((await customer.request('chat:message', { text: 'My parcel is late' })).ok)
  assert.ok((await ana.client.request('chat:message', { text: 'Let me check' })).ok)
  assert.ok((await ana.client.request('set:tags', { tags: [SALE_TAG] })).ok)
  assert.ok((await ana.client.request('comments', { comments: 'Parcel found' })).ok)
  await server.advance(90_000)
  assert.ok((await ana.client.request('hangup', {})).ok)
  await ana.client.next('end')
  return call.id
}

/** Tom calls; Ana talks 30 s and hands him to Bruno, who talks 60 s and hangs up. */
async function transferredCall({ server, segment, ana, bruno }: World): Promise<string> {
  const customer = await server.customer()
  await queueCustomer(customer, segment, 'Tom Transferred')
  const call = await answer(ana.client)
  await server.advance(30_000)
  ana.client.emit('call:transfer:agent', { agent: bruno.userId })
  await answer(bruno.client, (await bruno.client.next<InboundCall>('transferred')).id)
  await ana.client.next('end')
  await server.advance(60_000)
  assert.ok((await bruno.client.request('hangup', {})).ok)
  return call.id
}

/** Mia's call rings at Ana until the ring times out (its real duration); Mia then leaves. */
async function missedCall({ server, segment, ana }: World): Promise<string> {
  const customer = await server.customer()
  await queueCustomer(customer, segment, 'Mia Missed')
  const ring = await ana.client.next<InboundCall>('inbound', (call) => call.customerName === 'Mia Missed')
  await server.advance(server.app.context.timers.ringTimeoutMs)
  assert.deepEqual(await ana.client.next('agent:call:timeout'), { callId: ring.id })
  assert.ok((await customer.request('queue:leave', {})).ok)
  return ring.id
}

/** Dan's call rings at Ana, who turns it down; Dan leaves. */
async function dismissedCall({ server, segment, ana }: World): Promise<string> {
  const customer = await server.customer()
  await queueCustomer(customer, segment, 'Dan Dismissed')
  const ring = await ana.client.next<InboundCall>('inbound', (call) => call.customerName === 'Dan Dismissed')
  assert.ok((await ana.client.request('dismiss', { callId: ring.id })).ok)
  assert.ok((await customer.request('queue:leave', {})).ok)
  return ring.id
}

/** Lea leaves while her call rings at Ana. */
async function customerLeftCall({ server, segment, ana }: World): Promise<string> {
  const customer = await server.customer()
  await queueCustomer(customer, segment, 'Lea Left')
  const ring = await ana.client.next<InboundCall>('inbound', (call) => call.customerName === 'Lea Left')
  assert.ok((await customer.request('queue:leave', {})).ok)
  await ana.client.next('customer:disconnect:queue')
  return ring.id
}

/** Kim's call is answered; Ana removes Kim and hangs up. */
async function kickedCall({ server, segment, ana }: World): Promise<string> {
  const customer = await server.customer()
  await queueCustomer(customer, segment, 'Kim Kicked')
  const call = await answer(ana.client)
  assert.ok((await ana.client.request('kick', {})).ok)
  assert.ok((await ana.client.request('hangup', {})).ok)
  await ana.client.next('end')
  return call.id
}

/** Ana's day: the six kinds of call above, a second apart, in this order. */
async function aDayOfCalls(world: World): Promise<Record<string, string>> {
  const calls: Record<string, string> = {}
  calls.answered = await answeredCall(world)
  await world.server.advance(1_000)
  calls.transferred = await transferredCall(world)
  await world.server.advance(1_000)
  calls.missed = await missedCall(world)
  await world.server.advance(1_000)
  calls.dismissed = await dismissedCall(world)
  await world.server.advance(1_000)
  calls.left = await customerLeftCall(world)
  await world.server.advance(1_000)
  calls.kicked = await kickedCall(world)
  return calls
}

describe('the agent history and metrics', () => {
  let world: World
  beforeEach(async () => {
    world = await newWorld()
  })
  afterEach(() => world.server.close())

  it('records an answered call with its chat, tags, comment and talk time', async () => {
    const { ana, segment } = world
    const callId = await answeredCall(world)

    const { status, body } = await history(world, ana)
    assert.equal(status, 200)
    const [row] = body.data
    assert.equal(row?.id, callId)
    assert.equal(row?.outcome, 'answered')
    assert.equal(row?.customerName, 'Alice Answered')
    assert.deepEqual(row?.segment, { id: segment, name: 'History' })
    assert.equal(row?.durationMs, 90_000)
    assert.deepEqual(
      row?.tags.map((tag) => tag.name),
      ['sale'],
    )

    const shown = (await detail(world, ana, callId)).body
    assert.equal(shown.participated, true)
    assert.deepEqual(
      shown.messages.map((line) => line.text),
      ['My parcel is late', 'Let me check'],
    )
    assert.equal(shown.comments, 'Parcel found')
    assert.equal(shown.steps.length, 1)
    assert.equal(shown.steps[0]?.outcome, 'answered')
    // The customer's details as the call stored them (the test's customer connects from this machine).
    assert.match(shown.extraData?.ip ?? '', /127\.0\.0\.1|::1/)
  })

  it('records a transfer: transferred for the one who handed it over, answered for the other', async () => {
    const { ana, bruno } = world
    const callId = await transferredCall(world)

    const anas = (await history(world, ana, { outcome: 'transferred' })).body.data
    assert.deepEqual(
      anas.map((row) => [row.id, row.durationMs]),
      [[callId, 30_000]],
    )
    const steps = (await detail(world, ana, callId)).body.steps
    assert.deepEqual(
      steps.map((step) => [step.agent, step.via, step.outcome, step.transferredTo?.name ?? null]),
      [
        ['Ana Test', 'inbound', 'transferred', 'Bruno Test'],
        ['Bruno Test', 'transferred', 'answered', null],
      ],
    )
    const brunos = (await history(world, bruno)).body.data
    assert.deepEqual(
      brunos.map((row) => [row.id, row.via, row.outcome, row.durationMs]),
      [[callId, 'transferred', 'answered', 60_000]],
    )
  })

  it('records a ring that timed out as missed, and one turned down as dismissed', async () => {
    const { ana } = world
    const missed = await missedCall(world)
    await world.server.advance(1_000)
    await dismissedCall(world)

    const rows = (await history(world, ana, { outcome: { $in: ['missed', 'dismissed'] } })).body.data
    assert.deepEqual(
      rows.map((row) => [row.customerName, row.outcome, row.durationMs]),
      [
        ['Dan Dismissed', 'dismissed', 0],
        ['Mia Missed', 'missed', 0],
      ],
    )
    // Ana never talked to Mia: the detail keeps the chat and the customer's details to itself.
    const shown = (await detail(world, ana, missed)).body
    assert.equal(shown.participated, false)
    assert.equal(shown.extraData, null)
    assert.deepEqual(shown.messages, [])
  })

  it('records a customer who left while it rang, and a customer the agent removed', async () => {
    const left = await customerLeftCall(world)
    await world.server.advance(1_000)
    const kicked = await kickedCall(world)

    const rows = (await history(world, world.ana, { $limit: 2 })).body.data
    assert.deepEqual(
      rows.map((row) => [row.id, row.outcome]),
      [
        [kicked, 'kicked'],
        [left, 'customer-left'],
      ],
    )
  })

  it('pages, sorts and filters the list, and refuses an unknown field', async () => {
    const { server, ana } = world
    const calls = await aDayOfCalls(world)
    const first = (await history(world, ana, { $limit: 4, $skip: 0 })).body
    assert.equal(first.total, 6)
    assert.equal(first.limit, 4)
    assert.equal(first.page, 1)
    const second = (await history(world, ana, { $limit: 4, $skip: 4 })).body
    assert.equal(second.page, 2)
    assert.deepEqual(
      second.data.map((row) => row.id),
      [calls.transferred, calls.answered],
    )

    const byName = (await history(world, ana, { $sort: { customerName: 1 }, $limit: 3 })).body
    assert.deepEqual(
      byName.data.map((row) => row.customerName),
      ['Alice Answered', 'Dan Dismissed', 'Kim Kicked'],
    )
    assert.equal(byName.sortField, 'customerName')
    const search = (await history(world, ana, { customerName: { $regex: 'mia', $options: 'i' } })).body
    assert.deepEqual(
      search.data.map((row) => row.id),
      [calls.missed],
    )
    const later = (await history(world, ana, { startedAt: { $gte: new Date(START + 60_000).toISOString() } }))
      .body
    assert.ok(!later.data.some((row) => row.id === calls.answered))
    assert.equal(later.total, 5)
    const elsewhere = (await history(world, ana, { segment: stableId('segment:sales') })).body
    assert.equal(elsewhere.total, 0)

    const bad = await server.http('GET', '/calls?password=x', { token: ana.token })
    assert.equal(bad.status, 400)
    const badDate = await server.http('GET', '/calls?startedAt[$gte]=yesterday', { token: ana.token })
    assert.equal(badDate.status, 400)
  })

  it('never shows one agent the calls of another', async () => {
    const { server, segment, ana, bruno } = world
    const answered = await answeredCall(world)
    const transferred = await transferredCall(world)
    const carla = await server.agent(await server.createAgent([segment], { firstname: 'Carla' }))
    const list = (await history(world, carla)).body
    assert.equal(list.total, 0)
    for (const id of [answered, transferred]) assert.equal((await detail(world, carla, id)).status, 404)
    // Bruno was part of the transferred call only.
    assert.equal((await detail(world, bruno, transferred)).status, 200)
    assert.equal((await detail(world, bruno, answered)).status, 404)
    assert.equal((await server.http('GET', '/calls/not-an-id', { token: ana.token })).status, 404)
    assert.equal((await server.http('GET', '/calls')).status, 401)
  })

  it('counts the day and the week from the stored calls and statuses, for the caller only', async () => {
    const { server, ana, bruno } = world
    await aDayOfCalls(world)
    const query = { period: 'day', timeZone: 'America/Santiago' }
    const day = await server.http<Metrics>('GET', `/metrics?${new URLSearchParams(query)}`, {
      token: ana.token,
    })
    assert.equal(day.status, 200)
    const metrics = day.body
    // Answered: Alice, Tom (then handed over) and Kim; talk: 90 s + 30 s + 0 s.
    assert.equal(metrics.answered, 3)
    assert.equal(metrics.transferred, 1)
    assert.equal(metrics.missed, 1)
    assert.equal(metrics.dismissed, 1)
    assert.equal(metrics.totalTalkMs, 120_000)
    assert.equal(metrics.averageTalkMs, 40_000)
    assert.equal(metrics.from, '2026-03-04T03:00:00.000Z')
    assert.equal(metrics.buckets.length, 24)
    assert.equal(metrics.buckets[12]?.answered, 3)
    // Online and available since the start: every second the clock moved.
    const available = metrics.statuses.find((entry) => entry.status === 'available')
    assert.equal(available?.ms, server.clock.now() - START)

    const week = await server.http<Metrics>('GET', `/metrics?period=week&timeZone=America/Santiago`, {
      token: ana.token,
    })
    assert.equal(week.body.from, '2026-03-02T03:00:00.000Z')
    assert.equal(week.body.buckets.length, 7)
    assert.equal(week.body.buckets[2]?.answered, 3)
    assert.equal(week.body.answered, 3)

    const brunos = await server.http<Metrics>('GET', `/metrics?${new URLSearchParams(query)}`, {
      token: bruno.token,
    })
    assert.equal(brunos.body.answered, 1)
    assert.equal(brunos.body.missed, 0)
    assert.equal(brunos.body.totalTalkMs, 60_000)

    const bad = await server.http('GET', '/metrics?period=year', { token: ana.token })
    assert.equal(bad.status, 400)
    const zone = await server.http('GET', '/metrics?period=day&timeZone=Mars/Olympus', { token: ana.token })
    assert.equal(zone.status, 400)
  })
})
