import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { CallHistoryDetail, CallHistoryItem, InboundCall, Metrics, Paged } from '../../src/protocol'
import { encodeListQuery } from '../../src/protocol'
import { stableId } from '../../server/store/ids'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { manualClock } from './support/manual-clock'

// A Wednesday afternoon in Santiago (UTC-3 in March): the day and the week hold every call below.
const START = Date.parse('2026-03-04T15:00:00.000Z')
const RING_MS = 1_000
const clock = manualClock(START)
let server: TestServer
before(async () => {
  server = await TestServer.start({ clock, timers: { ringTimeoutMs: RING_MS } })
})
after(() => server.close())

const SALE_TAG = stableId('tag:sale')

/** Moves the server's time on; its process heartbeat follows at once (else its agents would look gone). */
async function advance(ms: number): Promise<void> {
  clock.advance(ms)
  await server.db.query('UPDATE nodes SET heartbeat_at = $1', [new Date(clock.now())])
}

type Agent = Awaited<ReturnType<TestServer['agent']>>

async function history(agent: Agent, query: Parameters<typeof encodeListQuery>[0] = {}) {
  return server.http<Paged<CallHistoryItem>>('GET', `/calls${encodeListQuery(query)}`, { token: agent.token })
}

async function detail(agent: Agent, id: string) {
  return server.http<CallHistoryDetail>('GET', `/calls/${id}`, { token: agent.token })
}

describe('the agent history and metrics', () => {
  let segment: string
  let ana: Agent
  let bruno: Agent
  const calls: Record<string, string> = {}

  before(async () => {
    segment = await server.createSegment('History')
    ana = await server.agent(await server.createAgent([segment], { firstname: 'Ana' }), {
      status: 'available',
    })
    bruno = await server.agent(await server.createAgent([], { firstname: 'Bruno' }), { status: 'available' })
  })

  it('records an answered call with its chat, tags, comment and talk time', async () => {
    const customer = await server.customer()
    await queueCustomer(customer, segment, 'Alice Answered')
    const call = await answer(ana.client)
    calls.answered = call.id
    await customer.next('call:joined')
    assert.ok((await customer.request('chat:message', { text: 'My parcel is late' })).ok)
    assert.ok((await ana.client.request('chat:message', { text: 'Let me check' })).ok)
    assert.ok((await ana.client.request('set:tags', { tags: [SALE_TAG] })).ok)
    assert.ok((await ana.client.request('comments', { comments: 'Parcel found' })).ok)
    await advance(90_000)
    assert.ok((await ana.client.request('hangup', {})).ok)
    await ana.client.next('end')

    const { status, body } = await history(ana)
    assert.equal(status, 200)
    const [row] = body.data
    assert.equal(row?.id, call.id)
    assert.equal(row?.outcome, 'answered')
    assert.equal(row?.customerName, 'Alice Answered')
    assert.deepEqual(row?.segment, { id: segment, name: 'History' })
    assert.equal(row?.durationMs, 90_000)
    assert.deepEqual(
      row?.tags.map((tag) => tag.name),
      ['sale'],
    )

    const shown = (await detail(ana, call.id)).body
    assert.equal(shown.participated, true)
    assert.deepEqual(
      shown.messages.map((line) => line.text),
      ['My parcel is late', 'Let me check'],
    )
    assert.equal(shown.comments, 'Parcel found')
    assert.equal(shown.steps.length, 1)
    assert.equal(shown.steps[0]?.outcome, 'answered')
    assert.ok(shown.extraData)
  })

  it('records a transfer: transferred for the one who handed it over, answered for the other', async () => {
    await advance(1_000)
    const customer = await server.customer()
    await queueCustomer(customer, segment, 'Tom Transferred')
    const call = await answer(ana.client)
    calls.transferred = call.id
    await advance(30_000)
    ana.client.emit('call:transfer:agent', { agent: bruno.userId })
    await answer(bruno.client, (await bruno.client.next<InboundCall>('transferred')).id)
    await ana.client.next('end')
    await advance(60_000)
    assert.ok((await bruno.client.request('hangup', {})).ok)

    const anas = (await history(ana, { outcome: 'transferred' })).body.data
    assert.deepEqual(
      anas.map((row) => [row.id, row.durationMs]),
      [[call.id, 30_000]],
    )
    const steps = (await detail(ana, call.id)).body.steps
    assert.deepEqual(
      steps.map((step) => [step.agent, step.via, step.outcome, step.transferredTo?.name ?? null]),
      [
        ['Ana Test', 'inbound', 'transferred', 'Bruno Test'],
        ['Bruno Test', 'transferred', 'answered', null],
      ],
    )
    const brunos = (await history(bruno)).body.data
    assert.deepEqual(
      brunos.map((row) => [row.id, row.via, row.outcome, row.durationMs]),
      [[call.id, 'transferred', 'answered', 60_000]],
    )
  })

  it('records a ring that timed out as missed, and one turned down as dismissed', async () => {
    await advance(1_000)
    const missedCustomer = await server.customer()
    await queueCustomer(missedCustomer, segment, 'Mia Missed')
    const ring = await ana.client.next<InboundCall>('inbound')
    calls.missed = ring.id
    await advance(RING_MS + 100)
    await ana.client.next('agent:call:timeout', () => true, 5_000)
    assert.ok((await missedCustomer.request('queue:leave', {})).ok)

    await advance(1_000)
    const dismissedCustomer = await server.customer()
    await queueCustomer(dismissedCustomer, segment, 'Dan Dismissed')
    const next = await ana.client.next<InboundCall>('inbound', (call) => call.id !== ring.id)
    calls.dismissed = next.id
    assert.ok((await ana.client.request('dismiss', { callId: next.id })).ok)
    assert.ok((await dismissedCustomer.request('queue:leave', {})).ok)

    const rows = (await history(ana, { outcome: { $in: ['missed', 'dismissed'] } })).body.data
    assert.deepEqual(
      rows.map((row) => [row.customerName, row.outcome, row.durationMs]),
      [
        ['Dan Dismissed', 'dismissed', 0],
        ['Mia Missed', 'missed', 0],
      ],
    )
    // Ana never talked to Mia: the detail keeps the chat and the customer's details to itself.
    const shown = (await detail(ana, ring.id)).body
    assert.equal(shown.participated, false)
    assert.equal(shown.extraData, null)
    assert.deepEqual(shown.messages, [])
  })

  it('records a customer who left while it rang, and a customer the agent removed', async () => {
    await advance(1_000)
    const leaving = await server.customer()
    await queueCustomer(leaving, segment, 'Lea Left')
    const ring = await ana.client.next<InboundCall>('inbound')
    assert.ok((await leaving.request('queue:leave', {})).ok)
    await ana.client.next('customer:disconnect:queue')

    await advance(1_000)
    const rude = await server.customer()
    await queueCustomer(rude, segment, 'Kim Kicked')
    const call = await answer(ana.client)
    assert.ok((await ana.client.request('kick', {})).ok)
    assert.ok((await ana.client.request('hangup', {})).ok)

    const rows = (await history(ana, { $limit: 2 })).body.data
    assert.deepEqual(
      rows.map((row) => [row.id, row.outcome]),
      [
        [call.id, 'kicked'],
        [ring.id, 'customer-left'],
      ],
    )
  })

  it('pages, sorts and filters the list, and refuses an unknown field', async () => {
    const first = (await history(ana, { $limit: 4, $skip: 0 })).body
    assert.equal(first.total, 6)
    assert.equal(first.limit, 4)
    assert.equal(first.page, 1)
    const second = (await history(ana, { $limit: 4, $skip: 4 })).body
    assert.equal(second.page, 2)
    assert.deepEqual(
      second.data.map((row) => row.id),
      [calls.transferred, calls.answered],
    )

    const byName = (await history(ana, { $sort: { customerName: 1 }, $limit: 3 })).body
    assert.deepEqual(
      byName.data.map((row) => row.customerName),
      ['Alice Answered', 'Dan Dismissed', 'Kim Kicked'],
    )
    assert.equal(byName.sortField, 'customerName')
    const search = (await history(ana, { customerName: { $regex: 'mia', $options: 'i' } })).body
    assert.deepEqual(
      search.data.map((row) => row.id),
      [calls.missed],
    )
    const later = (await history(ana, { startedAt: { $gte: new Date(START + 60_000).toISOString() } })).body
    assert.ok(!later.data.some((row) => row.id === calls.answered))
    assert.equal(later.total, 5)
    const elsewhere = (await history(ana, { segment: stableId('segment:sales') })).body
    assert.equal(elsewhere.total, 0)

    const bad = await server.http('GET', '/calls?password=x', { token: ana.token })
    assert.equal(bad.status, 400)
    const badDate = await server.http('GET', '/calls?startedAt[$gte]=yesterday', { token: ana.token })
    assert.equal(badDate.status, 400)
  })

  it('never shows one agent the calls of another', async () => {
    const carla = await server.agent(await server.createAgent([segment], { firstname: 'Carla' }))
    const list = (await history(carla)).body
    assert.equal(list.total, 0)
    for (const id of Object.values(calls)) assert.equal((await detail(carla, id)).status, 404)
    // Bruno was part of the transferred call only.
    assert.equal((await detail(bruno, calls.transferred as string)).status, 200)
    assert.equal((await detail(bruno, calls.answered as string)).status, 404)
    assert.equal((await server.http('GET', '/calls/not-an-id', { token: ana.token })).status, 404)
    assert.equal((await server.http('GET', '/calls')).status, 401)
  })

  it('counts the day and the week from the stored calls and statuses, for the caller only', async () => {
    const query = { period: 'day', timeZone: 'America/Santiago' }
    const day = await server.http<Metrics>('GET', `/metrics?${new URLSearchParams(query)}`, {
      token: ana.token,
    })
    assert.equal(day.status, 200)
    const metrics = day.body
    assert.equal(metrics.answered, 3)
    assert.equal(metrics.transferred, 1)
    assert.equal(metrics.missed, 1)
    assert.equal(metrics.dismissed, 1)
    assert.equal(metrics.totalTalkMs, 120_000)
    assert.equal(metrics.averageTalkMs, 40_000)
    assert.equal(metrics.from, '2026-03-04T03:00:00.000Z')
    assert.equal(metrics.buckets.length, 24)
    assert.equal(metrics.buckets[12]?.answered, 3)
    // Online and available since the start; the clock moved 3 minutes and a bit.
    const available = metrics.statuses.find((entry) => entry.status === 'available')
    assert.equal(available?.ms, clock.now() - START)

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
