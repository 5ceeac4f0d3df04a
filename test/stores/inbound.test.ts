import { expect } from '@open-wc/testing'
import { cleanStores, keepMount } from 'nanostores'
import { ANSWER_TIMEOUT_NOTIFICATION_MS, NOTIFICATION_MS } from '../../src/constants'
import { $activity, resetActivity } from '../../src/stores/status/activity'
import { $call, abandonCall } from '../../src/stores/call/call'
import { $inbound, $lastRingEnd, answerInbound, dismissInbound } from '../../src/stores/inbound/inbound'
import { $ringtonePlaying } from '../../src/stores/profile/ringtone'
import { $tabRole } from '../../src/stores/app/tab-role'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { waitUntil } from '../support/waits'
import { NO_REPLY, type FakeSocket } from '../support/fake-socket'
import {
  connectFakeSocket,
  inboundCall,
  joinedCall,
  newId,
  ok,
  refused,
  settle,
} from '../support/call-fixtures'

describe('inbound ringing', () => {
  let time: FakeClock
  let socket: FakeSocket

  beforeEach(async () => {
    time = fakeClock()
    socket = connectFakeSocket()
    keepMount($inbound)
    keepMount($call)
    // The last test let go of the active tab's lock, but the browser frees it a little later: until
    // this test holds it, the tab is `elsewhere` and a ring is refused here (seen under load).
    await waitUntil(() => $tabRole.get() === 'active', 'this tab did not become the active console tab')
  })
  afterEach(() => {
    abandonCall()
    cleanStores($inbound, $call, $tabRole)
    $tabRole.set('pending')
    clearToasts()
    resetActivity()
    time.restore()
  })

  const toastIds = () => $toasts.get().map((toast) => toast.messageId)

  for (const event of ['inbound', 'invited', 'transferred'] as const)
    it(`rings on ${event}: the modal state, the ringtone and the agent's activity`, () => {
      const call = inboundCall({
        kind: event === 'inbound' ? 'inbound' : event,
        invitation: event === 'invited',
      })
      socket.serverEmit(event, call)
      expect($inbound.get()?.call.id).to.equal(call.id)
      expect($ringtonePlaying.get()).to.equal(true)
      expect($activity.get().ringing).to.equal(true)
    })

  it('answers: the ring ends at once and the agent is in the call', async () => {
    const ringing = inboundCall()
    socket.answer('answer', () => ok(joinedCall({}, ringing)))
    socket.serverEmit('inbound', ringing)
    await answerInbound()
    expect(socket.sent.find((s) => s.event === 'answer')?.payload).to.deep.equal({ callId: ringing.id })
    expect($inbound.get()).to.equal(null)
    expect($ringtonePlaying.get()).to.equal(false)
    expect($call.get()?.id).to.equal(ringing.id)
    expect($activity.get()).to.include({ ringing: false, inCall: true })
    expect($lastRingEnd.get()).to.deep.equal({ callId: ringing.id, reason: 'answered' })
  })

  it('tells the agent the customer left before the answer (422)', async () => {
    socket.answer('answer', () => refused(422, 'Customer left'))
    socket.serverEmit('inbound', inboundCall())
    await answerInbound()
    expect($inbound.get()).to.equal(null)
    expect($call.get()).to.equal(null)
    expect(toastIds()).to.deep.equal(['call.inbound.customerLeftBefore'])
  })

  it('tells the agent another agent answered (any other refusal)', async () => {
    socket.answer('answer', () => refused(409, 'Taken'))
    socket.serverEmit('inbound', inboundCall())
    await answerInbound()
    expect(toastIds()).to.deep.equal(['call.inbound.answeredByAnother'])
  })

  it('says an answer with no reply may have been taken, and opens the call when the server joins the agent', async () => {
    const ringing = inboundCall()
    socket.answer('answer', () => NO_REPLY)
    socket.serverEmit('inbound', ringing)
    await answerInbound()
    expect(toastIds()).to.deep.equal(['call.inbound.answerNoAnswer'])
    expect($call.get()).to.equal(null)
    // The server had given the call to the agent: its `join` push opens it here.
    socket.serverEmit('join', joinedCall({}, ringing))
    await waitUntil(() => $call.get()?.id === ringing.id, 'the late join did not open the call')
  })

  it('joins a call whose answer leaves out customerPermissions and recordingsSettings (documented defaults)', async () => {
    const ringing = inboundCall()
    const {
      customerPermissions: _permissions,
      recordingsSettings: _recording,
      ...partial
    } = joinedCall({}, ringing)
    socket.answer('answer', () => ok(partial))
    socket.serverEmit('inbound', ringing)
    await answerInbound()
    expect($call.get()?.id).to.equal(ringing.id)
    expect(toastIds()).to.deep.equal([])
  })

  it('names the broken field, not "another agent answered", when the answer breaks the contract', async () => {
    const ringing = inboundCall()
    const { accessToken: _token, ...broken } = joinedCall({}, ringing)
    socket.answer('answer', () => ok(broken))
    socket.serverEmit('inbound', ringing)
    const warn = console.warn
    console.warn = () => {}
    try {
      await answerInbound()
    } finally {
      console.warn = warn
    }
    expect($call.get()).to.equal(null)
    expect(toastIds()).to.deep.equal(['protocol.dropped'])
    expect($toasts.get()[0]!.values).to.deep.equal({ event: 'answer', field: 'data.accessToken' })
  })

  it('ends the ring on answer:error from the server', () => {
    const call = inboundCall()
    socket.serverEmit('inbound', call)
    socket.serverEmit('answer:error', { callId: call.id, code: 422, message: 'gone' })
    expect($inbound.get()).to.equal(null)
    expect(toastIds()).to.deep.equal(['call.inbound.customerLeftBefore'])
  })

  it('dismisses: tells the server and stops ringing', () => {
    const call = inboundCall()
    socket.serverEmit('inbound', call)
    dismissInbound()
    expect(socket.sent.find((s) => s.event === 'dismiss')?.payload).to.deep.equal({ callId: call.id })
    expect($inbound.get()).to.equal(null)
    expect($ringtonePlaying.get()).to.equal(false)
    expect($lastRingEnd.get()?.reason).to.equal('dismissed')
  })

  it('stops on ring timeout and keeps the note 10 s', async () => {
    const call = inboundCall()
    socket.serverEmit('inbound', call)
    socket.serverEmit('agent:call:timeout', { callId: call.id })
    expect($inbound.get()).to.equal(null)
    expect($lastRingEnd.get()?.reason).to.equal('timeout')
    expect(toastIds()).to.deep.equal(['call.inbound.timeout'])
    await time.tick(ANSWER_TIMEOUT_NOTIFICATION_MS - 1)
    expect(toastIds()).to.have.length(1)
    await time.tick(1)
    expect(toastIds()).to.have.length(0)
  })

  // Only a queued call (or one transferred to a segment) goes back to a queue when its ring times out.
  const timeouts = [
    {
      ring: 'a direct transfer',
      event: 'transferred',
      fields: { kind: 'transferred', transferred: { segment: null } },
      id: 'call.inbound.timeoutTransfer',
    },
    {
      ring: 'an invitation',
      event: 'invited',
      fields: { kind: 'invited', invitation: true },
      id: 'call.inbound.timeoutInvitation',
    },
    {
      ring: 'a transfer to a segment',
      event: 'inbound',
      fields: { transferred: { segment: { id: newId(), name: 'Billing' } } },
      id: 'call.inbound.timeout',
    },
  ] as const
  for (const { ring, event, fields, id } of timeouts)
    it(`says what became of ${ring} that timed out`, () => {
      const call = inboundCall({ ...fields, agent: 'Elena Espinoza' })
      socket.serverEmit(event, call)
      socket.serverEmit('agent:call:timeout', { callId: call.id })
      expect(toastIds()).to.deep.equal([id])
      // The agent who sent a transfer or an invitation is named; a queue has no one to name.
      const named = $toasts.get()[0]?.values?.agent
      expect(named ?? '').to.contain(id === 'call.inbound.timeout' ? '' : 'Elena Espinoza')
    })

  it('stops when the call exceeds its queue time, with a 7 s note', async () => {
    const call = inboundCall()
    socket.serverEmit('inbound', call)
    socket.serverEmit('exceed', { callId: call.id })
    expect($inbound.get()).to.equal(null)
    expect(toastIds()).to.deep.equal(['call.inbound.exceeded'])
    await time.tick(NOTIFICATION_MS)
    expect(toastIds()).to.have.length(0)
  })

  for (const reason of ['ping-timeout', 'transport-error', 'queue-assigned'] as const)
    it(`keeps ringing, silently, when the customer drops with ${reason}`, () => {
      const call = inboundCall()
      socket.serverEmit('inbound', call)
      socket.serverEmit('customer:disconnect:queue', { callId: call.id, reason })
      expect($inbound.get()?.call.id).to.equal(call.id)
      expect($ringtonePlaying.get()).to.equal(true)
      expect(toastIds()).to.deep.equal([])
    })

  for (const [reason, message] of [
    ['left', 'call.inbound.customerLeft'],
    ['abandoned', 'call.inbound.abandoned'],
  ] as const)
    it(`stops when the customer leaves the queue (${reason})`, () => {
      const call = inboundCall()
      socket.serverEmit('inbound', call)
      socket.serverEmit('customer:disconnect:queue', { callId: call.id, reason })
      expect($inbound.get()).to.equal(null)
      expect($ringtonePlaying.get()).to.equal(false)
      expect(toastIds()).to.deep.equal([message])
    })

  it("ignores the ends of another call's ring", () => {
    const call = inboundCall()
    socket.serverEmit('inbound', call)
    socket.serverEmit('agent:call:timeout', { callId: inboundCall().id })
    socket.serverEmit('exceed', { callId: inboundCall().id })
    expect($inbound.get()?.call.id).to.equal(call.id)
  })

  it('stops ringing when the realtime link drops', () => {
    socket.serverEmit('inbound', inboundCall())
    socket.disconnect()
    expect($inbound.get()).to.equal(null)
    expect($ringtonePlaying.get()).to.equal(false)
  })

  it('does not ring in a tab where the console is active elsewhere', async () => {
    $tabRole.set('elsewhere')
    socket.serverEmit('inbound', inboundCall())
    await settle()
    expect($inbound.get()).to.equal(null)
    expect($ringtonePlaying.get()).to.equal(false)
  })
})
