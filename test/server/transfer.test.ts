import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Call, InboundCall, TransferError, TransferSuccess } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import type { EventClient } from './support/event-client'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

describe('transfer', () => {
  /** An agent in a call with a customer, in a fresh segment; and a second agent of another segment. */
  async function inCall() {
    const segment = await server.createSegment('From')
    const other = await server.createSegment('To')
    const owner = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    const call = await answer(owner.client)
    await customer.next('call:joined')
    return { segment, other, owner, customer, call }
  }

  async function target(segments: string[], status = 'available') {
    return server.agent(await server.createAgent(segments, { firstname: 'Target' }), { status })
  }

  it('to an agent: rings `transferred`; on answer the owner gets success and end, the customer the new peer', async () => {
    const { owner, customer, call } = await inCall()
    const to = await target([])
    owner.client.emit('call:transfer:agent', { agent: to.userId })
    const ring = await to.client.next<InboundCall>('transferred')
    assert.equal(ring.id, call.id)
    assert.equal(ring.kind, 'transferred')
    assert.match(ring.agent ?? '', /Test$/)
    assert.deepEqual(ring.transferred, { segment: null })
    const joined = await answer(to.client, call.id)
    assert.equal(joined.role, 'agent')
    const success = await owner.client.next<TransferSuccess>('call:transfer:success')
    assert.deepEqual(success.target, { type: 'agent', id: to.userId, name: 'Target Test' })
    assert.deepEqual(await owner.client.next('end'), { callId: call.id, reason: 'transferred' })
    assert.equal((await customer.next<{ peer: { id: string } }>('peer:join')).peer.id, `agent:${to.userId}`)
    assert.equal((await customer.next<{ peerId: string }>('peer:leave')).peerId, `agent:${owner.userId}`)
  })

  it('to an agent who dismisses: call:transfer:error dismissed, the call stays', async () => {
    const { owner, call } = await inCall()
    const to = await target([])
    owner.client.emit('call:transfer:agent', { agent: to.userId })
    await to.client.next('transferred')
    to.client.emit('dismiss', { callId: call.id })
    const error = await owner.client.next<TransferError>('call:transfer:error')
    assert.equal(error.reason, 'dismissed')
    assert.equal(error.callId, call.id)
    assert.ok((await owner.client.request('comments', { comments: 'still here' })).ok)
  })

  it('to an agent who does not answer in 20 s: call:transfer:error timeout', async () => {
    const { owner } = await inCall()
    const to = await target([])
    owner.client.emit('call:transfer:agent', { agent: to.userId })
    await to.client.next('transferred')
    await server.advance(19_999)
    await owner.client.request('comments', { comments: 'still ringing' })
    assert.equal(owner.client.has('call:transfer:error'), false)
    await server.advance(1)
    assert.equal((await owner.client.next<TransferError>('call:transfer:error')).reason, 'timeout')
    await to.client.next('agent:call:timeout')
  })

  it('to an agent who is not available: call:transfer:error unavailable', async () => {
    const { owner } = await inCall()
    const busy = await target([], 'break')
    const reply = await owner.client.request('call:transfer:agent', { agent: busy.userId })
    assert.equal(reply.ok, false)
    const error = await owner.client.next<TransferError>('call:transfer:error')
    assert.equal(error.reason, 'unavailable')
    assert.equal(error.code, 409)
  })

  it('to a segment: success, queued with previousSegment at its agent, and the owner ends 10 s later', async () => {
    const { owner, other, segment, call, customer } = await inCall()
    const to = await target([other])
    owner.client.emit('call:transfer:segment', { segment: other })
    const success = await owner.client.next<TransferSuccess>('call:transfer:success')
    assert.deepEqual(success.target, { type: 'segment', id: other, name: 'To' })
    assert.equal(success.endsInMs, 10_000)
    const ring = await to.client.next<InboundCall>('inbound')
    assert.equal(ring.id, call.id)
    assert.deepEqual(ring.previousSegment, { id: segment, name: 'From' })
    assert.deepEqual(ring.transferred, { segment: { id: other, name: 'To' } })
    assert.match(ring.agent ?? '', /Test$/)
    assert.equal((await customer.next<{ position: number }>('queue:status')).position, 1)
    // The new agent does not answer yet: the owner's leg ends on its own, at 10 s.
    await server.advance(9_999)
    await owner.client.request('comments', { comments: 'handing over' })
    assert.equal(owner.client.has('end'), false)
    await server.advance(1)
    assert.deepEqual(await owner.client.next('end'), { callId: call.id, reason: 'transferred' })
    const joined: Call = await answer(to.client, call.id)
    assert.deepEqual(joined.previousSegment, { id: segment, name: 'From' })
    const again = await customer.next<{ callId: string }>('call:joined')
    assert.equal(again.callId, call.id)
  })

  it('to a segment, answered within the 10 s: the customer, queued again, is told the call goes on with the new agent', async () => {
    const { owner, other, call, customer } = await inCall()
    const to = await target([other])
    owner.client.emit('call:transfer:segment', { segment: other })
    await owner.client.next<TransferSuccess>('call:transfer:success')
    await to.client.next<InboundCall>('inbound')
    assert.equal((await customer.next<{ position: number }>('queue:status')).position, 1)
    // The new agent answers at once, while the owner's 10 s are still running.
    await answer(to.client, call.id)
    assert.deepEqual(await owner.client.next('end'), { callId: call.id, reason: 'transferred' })
    // The customer left the call screen for the queue: a `peer:join` alone would leave them there.
    const joined = await customer.next<{ callId: string; agent: string; peers: { id: string }[] }>(
      'call:joined',
    )
    assert.equal(joined.callId, call.id)
    assert.match(joined.agent, /^Target /)
    assert.deepEqual(
      joined.peers.map((peer) => peer.id),
      [`agent:${to.userId}`],
    )
    assert.equal(customer.has('peer:join'), false)
  })

  it('to a segment nobody is online in: 422 no-agents', async () => {
    const { owner } = await inCall()
    const empty = await server.createSegment('Empty')
    owner.client.emit('call:transfer:segment', { segment: empty })
    const error = await owner.client.next<TransferError>('call:transfer:error')
    assert.deepEqual(
      [error.code, error.reason, error.message],
      [422, 'no-agents', 'No hay agentes conectados en el segmento.'],
    )
  })

  it('to the same or an unknown segment, or without a call: 400 failed', async () => {
    const { owner, segment } = await inCall()
    owner.client.emit('call:transfer:segment', { segment })
    assert.deepEqual([(await owner.client.next<TransferError>('call:transfer:error')).code], [400])
    const idle: { client: EventClient } = await target([])
    idle.client.emit('call:transfer:segment', { segment })
    assert.equal((await idle.client.next<TransferError>('call:transfer:error')).reason, 'failed')
  })
})

describe('invitation', () => {
  async function inCall() {
    const segment = await server.createSegment('Invite')
    const owner = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    const call = await answer(owner.client)
    await customer.next('call:joined')
    const guest = await server.agent(await server.createAgent([], { firstname: 'Guest' }), {
      status: 'available',
    })
    return { owner, customer, call, guest }
  }

  it('rings `invited`; the guest joins with the owner and the customer as peers', async () => {
    const { owner, customer, call, guest } = await inCall()
    owner.client.emit('call:invite:agent', { agent: guest.userId })
    const ring = await guest.client.next<InboundCall>('invited')
    assert.equal(ring.invitation, true)
    assert.match(ring.agent ?? '', /Test$/)
    const joined = await answer(guest.client, call.id)
    assert.equal(joined.role, 'guest')
    assert.deepEqual(joined.peers.map((peer) => peer.role).sort(), ['agent', 'customer'])
    assert.equal(
      (await owner.client.next<{ target: { id: string } }>('call:invite:success')).target.id,
      guest.userId,
    )
    assert.equal((await owner.client.next<{ peer: { role: string } }>('peer:join')).peer.role, 'guest')
    assert.equal((await customer.next<{ peer: { role: string } }>('peer:join')).peer.role, 'guest')
    // The guest leaves: the owner hears invited:hangup and keeps the call.
    assert.ok((await guest.client.request('hangup', {})).ok)
    assert.deepEqual(await guest.client.next('end'), { callId: call.id, reason: 'hangup' })
    assert.deepEqual(await owner.client.next('invited:hangup'), { callId: call.id, agent: 'Guest Test' })
  })

  it('ends the call for the guest when the owner hangs up', async () => {
    const { owner, call, guest } = await inCall()
    owner.client.emit('call:invite:agent', { agent: guest.userId })
    await guest.client.next('invited')
    await answer(guest.client, call.id)
    await owner.client.request('hangup', {})
    assert.deepEqual(await guest.client.next('end'), { callId: call.id, reason: 'host-hangup' })
  })

  it('reports dismissed, timeout and unavailable', async () => {
    const { owner, call, guest } = await inCall()
    owner.client.emit('call:invite:agent', { agent: guest.userId })
    await guest.client.next('invited')
    guest.client.emit('dismiss', { callId: call.id })
    assert.equal((await owner.client.next<{ reason: string }>('call:invite:error')).reason, 'dismissed')
    owner.client.emit('call:invite:agent', { agent: guest.userId })
    await guest.client.next('invited')
    await server.advance(19_999)
    await owner.client.request('comments', { comments: 'still inviting' })
    assert.equal(owner.client.has('call:invite:error'), false)
    await server.advance(1)
    assert.equal((await owner.client.next<{ reason: string }>('call:invite:error')).reason, 'timeout')
    await guest.client.request('status', { status: 'break' })
    owner.client.emit('call:invite:agent', { agent: guest.userId })
    assert.equal((await owner.client.next<{ reason: string }>('call:invite:error')).reason, 'unavailable')
  })
})
