import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { Call, ErrorReply } from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

describe('in a call', () => {
  async function inCall(options: { mandatoryTags?: boolean } = {}) {
    const segment = await server.createSegment('Tools', options)
    const owner = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const sessionId = randomUUID()
    const customer = await server.customer(sessionId)
    await queueCustomer(customer, segment)
    const call = await answer(owner.client)
    await customer.next('call:joined')
    return { owner, customer, call, sessionId }
  }

  it('refuses a hang-up without tags when they are mandatory (409 mandatoryTags), then allows it', async () => {
    const { owner, call } = await inCall({ mandatoryTags: true })
    assert.equal(call.mandatoryTags, true)
    // The join carries the customer's details as stored: their address (this machine) among them.
    assert.match(call.extraData.ip ?? '', /127\.0\.0\.1|::1/)
    const refused = await owner.client.request('hangup', {})
    assert.equal(refused.ok, false)
    if (!refused.ok) {
      assert.equal(refused.error.code, 409)
      assert.deepEqual(refused.error.errors, [
        { code: 'mandatoryTags', message: 'Select at least 1 tag is mandatory' },
      ])
    }
    const event = await owner.client.next<ErrorReply>('hangup:error')
    assert.equal(event.errors?.[0]?.code, 'mandatoryTags')
    await owner.client.request('set:tags', { tags: [call.tags[0]?._id] })
    assert.ok((await owner.client.request('hangup', { status: 'interacting' })).ok)
    await owner.client.next('end')
    const status = await owner.client.next<{ status: string }>(
      'agent:status:update',
      (s) => s.status === 'interacting',
    )
    assert.equal(status.status, 'interacting')
  })

  it('refuses tags of another segment and answers hangup:error when not in a call', async () => {
    const { owner } = await inCall()
    const rows = await server.db.query<{ id: string }>('SELECT id FROM tags WHERE segment_id = $1', [
      SEED.segments.billing,
    ])
    const refused = await owner.client.request('set:tags', { tags: [rows[0]?.id] })
    assert.equal(refused.ok, false)
    await owner.client.request('hangup', {})
    await owner.client.next('end')
    owner.client.emit('hangup', {})
    assert.equal((await owner.client.next<ErrorReply>('hangup:error')).code, 409)
  })

  it('kicks the customer, who cannot come back into the call', async () => {
    const { owner, customer, call, sessionId } = await inCall()
    assert.ok((await owner.client.request('kick', {})).ok)
    assert.deepEqual(await customer.next('kicked'), { callId: call.id })
    assert.deepEqual(await customer.next('call:ended'), { callId: call.id, reason: 'kicked' })
    await customer.next('disconnect')
    assert.deepEqual(await owner.client.next('customer:disconnect:call'), {
      callId: call.id,
      reason: 'kicked',
    })
    const back = await server.customer(sessionId)
    const chat = await back.request('chat:message', { text: 'let me in' })
    assert.equal(chat.ok, false)
    assert.equal(back.has('call:joined'), false)
  })

  it('relays signals both ways, only between members of the call', async () => {
    const { owner, customer, call } = await inCall()
    const customerPeer = call.peers[0]?.id as string
    owner.client.emit('signal', { to: customerPeer, channel: 'media', data: { type: 'offer', sdp: 'v=0' } })
    assert.deepEqual(await customer.next('signal'), {
      from: call.peerId,
      channel: 'media',
      data: { type: 'offer', sdp: 'v=0' },
    })
    customer.emit('signal', { to: call.peerId, channel: 'media', data: { type: 'answer', sdp: 'v=0' } })
    assert.equal((await owner.client.next<{ from: string }>('signal')).from, customerPeer)
    const stranger = await server.agent('elena@demo.test')
    const refused = await stranger.client.request('signal', { to: customerPeer, channel: 'media', data: {} })
    assert.equal(refused.ok, false)
    const wrongPeer = await owner.client.request('signal', { to: 'agent:nobody', channel: 'media', data: {} })
    assert.equal(wrongPeer.ok, false)
  })

  // apps:message has its own file: apps-relay.test.ts.
  it('relays beamport, capture shots, exchanges and permissions', async () => {
    const { owner, customer, call } = await inCall()
    owner.client.emit('beamport:open', { channel: 'files' })
    assert.deepEqual(await owner.client.next('beamport:create'), { channel: 'files' })
    assert.deepEqual(await customer.next('beamport:create'), { channel: 'files' })
    customer.emit('beamport:open', { channel: 'capture' })
    assert.deepEqual(await owner.client.next('beamport:create'), { channel: 'capture' })
    owner.client.emit('capture:shot', {})
    await customer.next('capture:shot')
    owner.client.emit('exchange:customer', { event: 'recording:status', data: true })
    assert.deepEqual(await customer.next('exchange'), { event: 'recording:status', data: true })
    customer.emit('permissions', { camera: false, microphone: true })
    assert.deepEqual(await owner.client.next('customer:permissions'), {
      callId: call.id,
      camera: false,
      microphone: true,
    })
    assert.ok((await owner.client.request('qms:notify', {})).ok)
  })

  it('records: start, pause, stop', async () => {
    const { owner, call } = await inCall()
    const started = await owner.client.request<{ recordingId: string; status: string }>('recording', {
      action: 'start',
    })
    assert.ok(started.ok && started.data.status === 'recording')
    const paused = await owner.client.request<{ status: string }>('recording', { action: 'pause' })
    assert.ok(paused.ok && paused.data.status === 'paused')
    const stopped = await owner.client.request<{ status: string }>('recording', { action: 'stop' })
    assert.ok(stopped.ok && stopped.data.status === 'processing')
    // A cloud recording's row notes its end and waits for its upload's `finish` to be finalised
    // (recordings.test.ts follows it to pending).
    const rows = await server.db.query<{ call_id: string; status: string; ended: boolean }>(
      'SELECT call_id, status, ended_at IS NOT NULL AS ended FROM recordings WHERE call_id = $1',
      [call.id],
    )
    assert.deepEqual(rows, [{ call_id: call.id, status: 'recording', ended: true }])
  })

  it('tells the agent when the customer hangs up; the agent ends the call when ready', async () => {
    const { owner, customer, call } = await inCall()
    customer.emit('hangup', {})
    assert.equal((await owner.client.next<{ callId: string }>('customer:hangup')).callId, call.id)
    await customer.next('call:ended')
    assert.ok((await owner.client.request('hangup', {})).ok)
  })

  it('stores and sends a chat line once when its sender sends it again under the same key', async () => {
    const { owner, customer } = await inCall()
    const key = 'line-0123456789abcdef'
    const first = await owner.client.request<{ id: string; text: string }>('chat:message', {
      text: 'hi',
      key,
    })
    const again = await owner.client.request<{ id: string; text: string }>('chat:message', {
      text: 'hi',
      key,
    })
    assert.ok(first.ok && again.ok)
    assert.equal(again.data.id, first.data.id, 'the second send answers with the stored line')
    // The same words under another key are another line (an agent may well say "ok" twice).
    const other = await owner.client.request<{ id: string }>('chat:message', { text: 'hi', key: `${key}-2` })
    assert.ok(other.ok)
    const lines = [
      await customer.next<{ id: string }>('chat:message'),
      await customer.next<{ id: string }>('chat:message'),
    ]
    assert.deepEqual(
      lines.map((line) => line.id),
      [first.data.id, other.data.id],
    )
    // A round trip later, nothing more came: the line sent twice reached the customer once.
    assert.ok((await customer.request('chat:message', { text: 'got it' })).ok)
    await customer.next('chat:message', (line: { text: string }) => line.text === 'got it')
    assert.equal(customer.has('chat:message'), false)
    // The customer's own keys are theirs: the agent's key does not make the customer's line the agent's.
    const theirs = await customer.request<{ id: string; from: string }>('chat:message', {
      text: 'me too',
      key,
    })
    assert.ok(theirs.ok)
    assert.equal(theirs.data.from, 'customer')
    assert.notEqual(theirs.data.id, first.data.id)
  })

  it('refuses a chat key that is not 16 to 64 letters, digits, - or _', async () => {
    const { owner } = await inCall()
    for (const key of ['short', 'x'.repeat(65), 'line with spaces!!', '__proto__\u0000__proto__']) {
      const refused = await owner.client.request('chat:message', { text: 'hi', key })
      assert.equal(refused.ok, false, key)
      if (!refused.ok) assert.equal(refused.error.code, 400)
    }
  })
})

describe('reconnecting', () => {
  async function inCall() {
    const segment = await server.createSegment('Rejoin')
    const email = await server.createAgent([segment])
    const sessionId = randomUUID()
    const owner = await server.agent(email, { status: 'available', sessionId })
    const customerSession = randomUUID()
    const customer = await server.customer(customerSession)
    await queueCustomer(customer, segment)
    const call = await answer(owner.client)
    await customer.next('call:joined')
    return { email, sessionId, owner, customer, customerSession, call }
  }

  it('rejoins an agent whose socket dropped mid-call: `rejoin` with the call, the customer gets the agent back', async () => {
    const { email, sessionId, owner, customer, call } = await inCall()
    await owner.client.request('comments', { comments: 'before the drop' })
    owner.client.socket.io.engine.close()
    assert.equal((await customer.next<{ peerId: string }>('peer:leave')).peerId, call.peerId)
    const back = await server.agent(email, { sessionId })
    const rejoined = await back.client.next<Call>('rejoin')
    assert.equal(rejoined.id, call.id)
    assert.equal(rejoined.comments, 'before the drop')
    assert.deepEqual(
      rejoined.peers.map((peer) => peer.role),
      ['customer'],
    )
    assert.equal((await customer.next<{ peer: { id: string } }>('peer:join')).peer.id, call.peerId)
    assert.ok((await back.client.request('chat:message', { text: 'back' })).ok)
  })

  it('ends the call for the customer when the agent is not back within 60 s', async () => {
    const { owner, customer, call } = await inCall()
    owner.client.socket.io.engine.close()
    await customer.next('peer:leave')
    await server.advance(59_999)
    await customer.request('chat:message', { text: 'still there?' })
    assert.equal(customer.has('call:ended'), false, 'the call waits for the agent until 60 s')
    await server.advance(1)
    assert.deepEqual(await customer.next('call:ended'), { callId: call.id, reason: 'agent-gone' })
  })

  it('tells the agent when the customer drops, comes back (customer:join) or is not back within 30 s', async () => {
    const first = await inCall()
    first.customer.socket.io.engine.close()
    const dropped = await first.owner.client.next<{ reason: string }>('customer:disconnect:call')
    assert.equal(dropped.reason, 'transport-error')
    const back = await server.customer(first.customerSession)
    const joined = await back.next<{ initiator: boolean; peers: { id: string }[] }>('call:joined')
    assert.equal(joined.initiator, true)
    assert.deepEqual(await first.owner.client.next('customer:join'), {
      callId: first.call.id,
      name: 'Carlos Cliente',
    })

    const second = await inCall()
    second.customer.socket.io.engine.close()
    await second.owner.client.next('customer:disconnect:call')
    await server.advance(29_999)
    await second.owner.client.request('comments', { comments: 'waiting' })
    assert.equal(second.owner.client.has('customer:timeout'), false, 'the customer has until 30 s')
    await server.advance(1)
    assert.deepEqual(await second.owner.client.next('customer:timeout'), {
      callId: second.call.id,
      name: 'Carlos Cliente',
    })
  })
})
