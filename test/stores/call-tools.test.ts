import { expect } from '@open-wc/testing'
import { cleanStores, keepMount } from 'nanostores'
import { NETWORK_CHECK_MS, NOTIFICATION_MS, TICKET_NOTIFY_LOADING_MS } from '../../src/constants'
import { resetActivity, setInCall } from '../../src/stores/status/activity'
import { $call, abandonCall } from '../../src/stores/call/call'
import { $callCustomer } from '../../src/stores/call/call-customer'
import { $networkQuality, gradeNetwork, replaceNetworkProbe } from '../../src/stores/status/network-quality'
import { $queueNotifying, notifyQueue } from '../../src/stores/call/queue-notify'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { $beamports, openBeamport } from '../../src/stores/call/beamport'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import { connectFakeSocket, joinedCall, ok } from '../support/call-fixtures'

describe('in-call notices and tools', () => {
  let time: FakeClock
  let socket: FakeSocket
  let callId: string

  beforeEach(() => {
    time = fakeClock()
    socket = connectFakeSocket()
    keepMount($call)
    const call = joinedCall()
    callId = call.id
    socket.serverEmit('join', call)
  })
  afterEach(() => {
    abandonCall()
    cleanStores($call)
    clearToasts()
    resetActivity()
    time.restore()
  })

  const toasts = () => $toasts.get().map((t) => ({ id: t.messageId, values: t.values }))

  it('reports a customer who denied the camera, the microphone or both', () => {
    socket.serverEmit('customer:permissions', { callId, camera: false, microphone: true })
    socket.serverEmit('customer:permissions', { callId, camera: false, microphone: false })
    expect(toasts()).to.deep.equal([
      { id: 'call.customer.permissions', values: { denied: 'camera' } },
      { id: 'call.customer.permissions', values: { denied: 'both' } },
    ])
    expect($callCustomer.get().permissions).to.deep.equal({ camera: false, microphone: false })
  })

  it('tells the agent when the customer drops, comes back, times out and hangs up', async () => {
    socket.serverEmit('customer:disconnect:call', { callId, reason: 'ping-timeout' })
    expect($callCustomer.get().connected).to.equal(false)
    socket.serverEmit('customer:join', { callId, name: 'Ana' })
    expect($callCustomer.get().connected).to.equal(true)
    socket.serverEmit('customer:timeout', { callId, name: 'Ana' })
    socket.serverEmit('customer:hangup', { callId, name: 'Ana' })
    expect($callCustomer.get().hungUp).to.equal(true)
    expect(toasts().map((t) => t.id)).to.deep.equal([
      'call.customer.disconnectedCall',
      'call.customer.reconnected',
      'call.customer.timeout',
      'call.customer.hangup',
    ])
    expect(toasts()[0]!.values).to.deep.equal({ reason: 'pingTimeout' })
    await time.tick(NOTIFICATION_MS)
    expect(toasts()).to.deep.equal([])
    // The call stays: the agent ends it when ready.
    expect($call.get()?.id).to.equal(callId)
  })

  it("isolates the customer's name in the notes about them: an override in it cannot turn the sentence around", () => {
    const name = 'Eve \u202Egnp.exe'
    socket.serverEmit('customer:join', { callId, name })
    socket.serverEmit('customer:hangup', { callId, name })
    expect(toasts().map((t) => t.values)).to.deep.equal([
      { name: `\u2068${name}\u2069` },
      { name: `\u2068${name}\u2069` },
    ])
  })

  it('ignores customer events of another call', () => {
    socket.serverEmit('customer:hangup', { callId: joinedCall().id, name: 'Other' })
    expect(toasts()).to.deep.equal([])
  })

  it('says a file channel not asked for (link down) is to be opened once connected, and opens it then', async () => {
    socket.answer('beamport:open', () => ok())
    socket.connected = false
    await openBeamport('files')
    expect(socket.sent.filter((s) => s.event === 'beamport:open')).to.deep.equal([])
    expect($beamports.get().files.phase).to.equal('closed')
    expect(toasts().map((t) => t.id)).to.deep.equal(['call.beamport.notSent'])
    socket.connected = true
    await openBeamport('files')
    expect(socket.sent.filter((s) => s.event === 'beamport:open').map((s) => s.payload)).to.deep.equal([
      { channel: 'files' },
    ])
  })

  it('keeps the notify-queue button loading 3 s and sends qms:notify once', async () => {
    socket.answer('qms:notify', () => ok())
    notifyQueue()
    notifyQueue()
    expect($queueNotifying.get()).to.equal(true)
    await time.tick(TICKET_NOTIFY_LOADING_MS - 1)
    expect($queueNotifying.get()).to.equal(true)
    await time.tick(1)
    expect($queueNotifying.get()).to.equal(false)
    expect(socket.sent.filter((s) => s.event === 'qms:notify')).to.have.length(1)
  })
})

describe('network quality', () => {
  let time: FakeClock
  let samples = 0
  let restore: () => void
  beforeEach(() => {
    time = fakeClock()
    samples = 0
    restore = replaceNetworkProbe(() => {
      samples += 1
      return { online: true, rttMs: 80, downlinkMbps: 10, effectiveType: '4g' }
    })
  })
  afterEach(() => {
    cleanStores($networkQuality)
    restore()
    resetActivity()
    time.restore()
  })

  it('is measured every 2 s while no call is active, stopped on join and restarted on end', async () => {
    keepMount($networkQuality)
    expect(samples).to.equal(1)
    expect($networkQuality.get()).to.include({ level: 'good', measuring: true, rttMs: 80 })
    await time.tick(NETWORK_CHECK_MS * 3)
    expect(samples).to.equal(4)
    setInCall(true)
    expect($networkQuality.get().measuring).to.equal(false)
    await time.tick(NETWORK_CHECK_MS * 5)
    expect(samples).to.equal(4)
    setInCall(false)
    expect(samples).to.equal(5)
    await time.tick(NETWORK_CHECK_MS)
    expect(samples).to.equal(6)
  })

  it('grades offline, round trip, bandwidth and connection type', () => {
    const base = { online: true, rttMs: null, downlinkMbps: null, effectiveType: null }
    expect(gradeNetwork({ ...base, online: false })).to.equal('offline')
    expect(gradeNetwork({ ...base, rttMs: 100, downlinkMbps: 10 })).to.equal('good')
    expect(gradeNetwork({ ...base, rttMs: 250 })).to.equal('fair')
    expect(gradeNetwork({ ...base, rttMs: 500 })).to.equal('poor')
    expect(gradeNetwork({ ...base, rttMs: 100, downlinkMbps: 0.3 })).to.equal('poor')
    expect(gradeNetwork({ ...base, effectiveType: '3g' })).to.equal('fair')
    expect(gradeNetwork(base)).to.equal('unknown')
  })
})
