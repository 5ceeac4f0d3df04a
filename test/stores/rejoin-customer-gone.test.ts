import { expect } from '@open-wc/testing'
import { cleanStores, keepMount } from 'nanostores'
import { resetActivity } from '../../src/stores/status/activity'
import { $call, abandonCall } from '../../src/stores/call/call'
import { $callCustomer, $customerGone } from '../../src/stores/call/call-customer'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import { connectFakeSocket, joinedCall, settle } from '../support/call-fixtures'

// Issue 69: the customer's grace ran out while the agent was offline; `customer:timeout` went to an
// empty room. The `rejoin` says so (`customerGone`), and the console tells the agent as the event would.
describe('a rejoin whose customer is gone for good', () => {
  let time: FakeClock
  let socket: FakeSocket

  beforeEach(() => {
    time = fakeClock()
    socket = connectFakeSocket()
    keepMount($call)
  })
  afterEach(() => {
    abandonCall()
    cleanStores($call)
    clearToasts()
    resetActivity()
    time.restore()
  })

  const toasts = () => $toasts.get().map((toast) => ({ id: toast.messageId, values: toast.values }))

  it('after a reload: tells the agent the customer did not come back, and waits for them no more', async () => {
    const call = joinedCall({ customerName: 'Ana', customerConnected: false, customerGone: 'timeout' })
    socket.serverEmit('rejoin', call)
    await settle()
    expect($call.get()?.id).to.equal(call.id)
    expect(toasts()).to.deep.equal([{ id: 'call.customer.timeout', values: { name: '\u2068Ana\u2069' } }])
    expect($callCustomer.get()).to.include({ connected: false, timedOut: true })
    expect($customerGone.get()).to.equal(true)
  })

  it('in the same tab, back from a dropped link: told once, whether by the event or by the rejoin', async () => {
    const call = joinedCall({ customerName: 'Ana' })
    socket.serverEmit('join', call)
    socket.serverEmit('customer:timeout', { callId: call.id, name: 'Ana' })
    socket.serverEmit('rejoin', { ...call, customerConnected: false, customerGone: 'timeout' })
    await settle()
    expect(toasts().map((toast) => toast.id)).to.deep.equal(['call.customer.timeout'])
    expect($customerGone.get()).to.equal(true)

    // The link drops again before the timeout, which then goes out while the agent is away.
    abandonCall()
    clearToasts()
    socket.serverEmit('join', call)
    socket.serverEmit('rejoin', { ...call, customerConnected: false, customerGone: 'timeout' })
    await settle()
    expect(toasts().map((toast) => toast.id)).to.deep.equal(['call.customer.timeout'])
  })

  it('says a customer who hung up meanwhile hung up, and keeps a removed one removed without a notice', async () => {
    const call = joinedCall({ customerName: 'Ana', customerConnected: false, customerGone: 'hangup' })
    socket.serverEmit('rejoin', call)
    await settle()
    expect(toasts().map((toast) => toast.id)).to.deep.equal(['call.customer.hangup'])
    expect($callCustomer.get()).to.include({ hungUp: true })

    abandonCall()
    clearToasts()
    socket.serverEmit('rejoin', { ...call, customerGone: 'kicked' })
    await settle()
    expect(toasts()).to.deep.equal([])
    expect($callCustomer.get()).to.include({ kicked: true, connected: false })
    expect($customerGone.get()).to.equal(true)
  })

  it('changes nothing while the customer may still come back', async () => {
    socket.serverEmit('rejoin', joinedCall({ customerConnected: false, customerGone: null }))
    await settle()
    expect(toasts()).to.deep.equal([])
    expect($customerGone.get()).to.equal(false)
  })
})
