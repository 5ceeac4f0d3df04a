import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Call, ChatMessage, InboundCall } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'

describe('a full call', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('queues, rings the agent, answers, chats, tags, comments, fills the form and hangs up', async () => {
    const segment = await server.createSegment('Full call')
    const email = await server.createAgent([segment])
    const { client: agent, userId } = await server.agent(email, { status: 'available' })
    const customer = await server.customer()

    const queued = await queueCustomer(customer, segment, 'Carlos Cliente')
    assert.equal(queued.position, 1)
    assert.equal(queued.segment.name, 'Full call')

    const inbound = await agent.next<InboundCall>('inbound')
    assert.equal(inbound.id, queued.callId)
    assert.equal(inbound.kind, 'inbound')
    assert.deepEqual(inbound.segment, { id: segment, name: 'Full call' })
    assert.equal(inbound.previousSegment, null)
    assert.equal(inbound.duration, 0)
    assert.equal(inbound.customerName, 'Carlos Cliente')

    const call = await answer(agent, inbound.id)
    assert.equal(call.id, queued.callId)
    assert.equal(call.role, 'agent')
    assert.equal(call.peerId, `agent:${userId}`)
    assert.deepEqual(
      call.peers.map((peer) => peer.role),
      ['customer'],
    )
    assert.ok(call.accessToken.length > 20 && call.recordingToken.length > 20)
    assert.equal(call.recordingsSettings.enabled, true)
    assert.ok(Array.isArray(call.tags) && call.tags.length >= 3)
    const status = await agent.next<{ inCall: boolean }>('agent:status:update')
    assert.equal(status.inCall, true)

    const joined = await customer.next<{ callId: string; peers: { id: string }[]; initiator: boolean }>(
      'call:joined',
    )
    assert.equal(joined.callId, call.id)
    assert.equal(joined.initiator, false)
    assert.deepEqual(
      joined.peers.map((peer) => peer.id),
      [`agent:${userId}`],
    )

    // Chat both ways.
    const sent = await customer.request<ChatMessage>('chat:message', { text: 'Hola' })
    assert.ok(sent.ok)
    const atAgent = await agent.next<ChatMessage>('chat:message')
    assert.equal(atAgent.text, 'Hola')
    assert.equal(atAgent.from, 'customer')
    agent.emit('chat:message', { text: 'Hello, how can I help?' })
    assert.equal(
      (await customer.next<ChatMessage>('chat:message', (m) => m.from === 'agent')).text,
      'Hello, how can I help?',
    )

    // Tags, comments.
    const tag = call.tags[0]?._id as string
    const tagged = await agent.request<{ tags: string[] }>('set:tags', { tags: [tag] })
    assert.deepEqual(tagged, { ok: true, data: { tags: [tag] } })
    const commented = await agent.request<{ date: string }>('comments', { comments: 'Wants a refund' })
    assert.ok(commented.ok)
    await agent.next('comments:updated')

    // Hang up: the customer hears it, the agent gets `end`.
    const hung = await agent.request('hangup', {})
    assert.deepEqual(hung, { ok: true, data: null })
    assert.deepEqual(await agent.next('end'), { callId: call.id, reason: 'hangup' })
    assert.deepEqual(await customer.next('call:ended'), { callId: call.id, reason: 'hangup' })

    const rows = await server.db.query<{ status: string; selected_tags: string[]; comments: string }>(
      'SELECT status, selected_tags, comments FROM calls WHERE id = $1',
      [call.id],
    )
    assert.deepEqual(rows[0], { status: 'ended', selected_tags: [tag], comments: 'Wants a refund' })
  })

  it('keeps the agent form values and refuses unknown form fields', async () => {
    const { client: agent } = await server.agent('diego@demo.test', { status: 'available' })
    const customer = await server.customer()
    const { SEED } = await import('../../server/store/seed-content')
    await queueCustomer(customer, SEED.segments.support)
    const call: Call = await answer(agent)
    assert.ok(call.agentForm && call.agentForm.length > 0)
    assert.equal(call.mandatoryTags, true)
    const saved = await agent.request('form:update', { values: { resolution: 'solved', summary: 'Done' } })
    assert.ok(saved.ok)
    const refused = await agent.request('form:update', { values: { nope: 'x' } })
    assert.equal(refused.ok, false)
    const rows = await server.db.query<{ agent_form_values: unknown }>(
      'SELECT agent_form_values FROM calls WHERE id = $1',
      [call.id],
    )
    assert.deepEqual(rows[0]?.agent_form_values, { resolution: 'solved', summary: 'Done' })
  })
})
