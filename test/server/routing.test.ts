import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { InboundCall, QueueStatus } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { queueCustomer } from './support/call-flow'

describe('routing', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('offers a call to the available agent of the segment who has waited longest', async () => {
    const segment = await server.createSegment('Longest wait')
    const [first, second] = [await server.createAgent([segment]), await server.createAgent([segment])]
    const early = await server.agent(first as string, { status: 'available' })
    await server.advance(1_000)
    const late = await server.agent(second as string, { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    assert.equal((await early.client.next<InboundCall>('inbound')).id, callId)
    // One call rings at one agent: the other hears nothing (checked after a round trip).
    await late.client.request('notification:request', {})
    assert.equal(late.client.has('inbound'), false)
  })

  it('passes the call to the next agent after ringing 20 s', async () => {
    const segment = await server.createSegment('Ring timeout')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    await server.advance(1_000)
    const b = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    await server.advance(19_999)
    await a.client.request('notification:request', {})
    assert.equal(a.client.has('agent:call:timeout'), false, 'still ringing just before 20 s')
    assert.equal(b.client.has('inbound'), false)
    await server.advance(1)
    assert.deepEqual(await a.client.next('agent:call:timeout'), { callId })
    const atB = await b.client.next<InboundCall>('inbound')
    assert.equal(atB.id, callId)
    assert.equal(b.client.has('agent:call:timeout'), false)
  })

  it('tells the ringing agent when the customer leaves the queue', async () => {
    const segment = await server.createSegment('Leaves')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    customer.emit('queue:leave', {})
    assert.deepEqual(await a.client.next('customer:disconnect:queue'), { callId, reason: 'left' })
    const reply = await a.client.request('answer', { callId })
    assert.equal(reply.ok, false)
    if (!reply.ok) assert.equal(reply.error.code, 422)
    assert.equal((await a.client.next<{ code: number }>('answer:error')).code, 422)
  })

  it('lets exactly one of two agents answering at once win', async () => {
    const segment = await server.createSegment('Race')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    await server.advance(1_000)
    const b = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    const [ra, rb] = await Promise.all([
      a.client.request('answer', { callId }),
      b.client.request('answer', { callId }),
    ])
    assert.equal(ra.ok, true)
    assert.equal(rb.ok, false)
    if (!rb.ok) assert.equal(rb.error.code, 409)
    assert.equal((await b.client.next<{ code: number }>('answer:error')).code, 409)
    const rows = await server.db.query<{ agent_id: string }>('SELECT agent_id FROM calls WHERE id = $1', [
      callId,
    ])
    assert.equal(rows[0]?.agent_id, a.userId)
  })

  it('rings each of several queued calls at a different agent, never one call at two', async () => {
    const segment = await server.createSegment('Burst')
    const agents = await Promise.all(
      Array.from({ length: 4 }, async () =>
        server.agent(await server.createAgent([segment]), { status: 'available' }),
      ),
    )
    const customers = await Promise.all(Array.from({ length: 6 }, () => server.customer()))
    const calls = await Promise.all(customers.map((customer, i) => queueCustomer(customer, segment, `C${i}`)))
    const rung = await Promise.all(agents.map((agent) => agent.client.next<InboundCall>('inbound')))
    const ids = rung.map((inbound) => inbound.id)
    assert.equal(new Set(ids).size, 4)
    for (const id of ids) assert.ok(calls.some((call) => call.callId === id))
    const ringing = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM offers o JOIN calls c ON c.id = o.call_id WHERE c.segment_id = $1 AND o.state = 'ringing'",
      [segment],
    )
    assert.equal(ringing[0]?.n, 4)
  })

  it('answers priority calls first and reports queue positions', async () => {
    const segment = await server.createSegment('Priority')
    const normal = await server.customer()
    const vip = await server.customer()
    const first = await queueCustomer(normal, segment, 'Normal')
    const reply = await vip.request<QueueStatus>('queue:join', { segment, name: 'VIP', priority: true })
    assert.ok(reply.ok)
    if (reply.ok) assert.equal(reply.data.position, 1)
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const inbound = await agent.client.next<InboundCall>('inbound')
    assert.equal(inbound.priority, true)
    assert.notEqual(inbound.id, first.callId)
  })

  it('rings a call queued before the agent came online when they become available', async () => {
    const segment = await server.createSegment('Late agent')
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    const agent = await server.agent(await server.createAgent([segment]))
    assert.equal(agent.client.has('inbound'), false)
    agent.client.emit('status', { status: 'available' })
    assert.equal((await agent.client.next<InboundCall>('inbound')).id, callId)
  })

  it('lets an agent dismiss: the call goes to the next agent', async () => {
    const segment = await server.createSegment('Dismiss')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    await server.advance(1_000)
    const b = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    assert.deepEqual(await a.client.request('dismiss', { callId }), { ok: true, data: null })
    assert.equal((await b.client.next<InboundCall>('inbound')).id, callId)
  })
})

describe('queue limit and customer drops', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  async function callStatus(callId: string): Promise<string | undefined> {
    const rows = await server.db.query<{ status: string }>('SELECT status FROM calls WHERE id = $1', [callId])
    return rows[0]?.status
  }

  it('at the segment 10 min limit, sends exceed to the ringing agent and queue:exceeded to the customer', async () => {
    const segment = await server.createSegment('Exceed')
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    // Nobody to answer for almost ten minutes; then an agent, whose ring the limit cuts short.
    await server.advance(10 * 60_000 - 5_000)
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    await agent.client.next('inbound')
    assert.equal(customer.has('queue:exceeded'), false)
    await server.advance(5_000)
    assert.deepEqual(await agent.client.next('exceed'), { callId })
    assert.deepEqual(await customer.next('queue:exceeded'), { callId })
    assert.deepEqual(await customer.next('call:ended'), { callId, reason: 'exceeded' })
  })

  it('keeps the place of a dropped customer for 30 s, ringing on, then abandons the call', async () => {
    const segment = await server.createSegment('Drops')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const sessionId = randomUUID()
    const customer = await server.customer(sessionId)
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    customer.socket.io.engine.close()
    const dropped = await a.client.next<{ reason: string }>('customer:disconnect:queue')
    assert.equal(dropped.reason, 'transport-error')
    // The ring goes on while the customer is away, and times out at 20 s as any ring.
    await server.advance(19_999)
    await a.client.request('notification:request', {})
    assert.equal(a.client.has('agent:call:timeout'), false)
    await server.advance(1)
    assert.deepEqual(await a.client.next('agent:call:timeout'), { callId })
    await server.advance(9_999)
    assert.equal(await callStatus(callId), 'queued', 'the place is kept until 30 s')
    await server.advance(1)
    assert.equal(await callStatus(callId), 'abandoned')
    const back = await server.customer(sessionId)
    await back.request('queue:leave', {})
    assert.equal(back.has('queue:status'), false, 'an abandoned place is not given back')
  })

  it('gives a customer back within the 30 s their place in the queue', async () => {
    const segment = await server.createSegment('Back in time')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const sessionId = randomUUID()
    const customer = await server.customer(sessionId)
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    customer.socket.io.engine.close()
    await a.client.next('customer:disconnect:queue')
    await server.advance(29_999)
    const back = await server.customer(sessionId)
    assert.equal((await back.next<{ callId: string }>('queue:status')).callId, callId)
    assert.equal(await callStatus(callId), 'queued')
  })
})
