import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { html } from 'lit'
import '../../src/elements/agent-status'
import { $link } from '../../src/stores/session/link-state'
import { $agentStatus, $statusChanging } from '../../src/stores/status/agent'
import { $timeConnected } from '../../src/stores/status/time-connected'
import { formatClock } from '../../src/components/status/format-clock'
import { $toasts } from '../../src/stores/app/toasts'
import { HangupKept, registerHangup, setInCall } from '../../src/stores/status/activity'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { NO_REPLY, type FakeSocket } from '../support/fake-socket'
import { mount, shadow, visibleText } from '../support/render'
import { acceptAuthentication, fakeRealtime, resetSession, signIn } from '../support/session'
import { SETTINGS } from '../support/settings-fixture'

function answerStatus(socket: FakeSocket, log: string[] = []) {
  socket.answer('status', (payload) => {
    const { status } = payload as { status: string }
    log.push(`status:${status}`)
    return {
      ok: true,
      data: { online: status !== 'disconnected', available: status === 'available', inCall: false, status },
    }
  })
}

const trigger = (element: Element) => shadow(element).querySelector<HTMLButtonElement>('.status-trigger')!
const options = (element: Element) => [
  ...shadow(element).querySelectorAll<HTMLButtonElement>('[role="menuitem"]'),
]
const clockText = (element: Element) => shadow(element).querySelector('.time-value')?.textContent

describe('<agent-status>', () => {
  let time: FakeClock
  let server: FakeApi
  let socket: () => FakeSocket

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
    })
    socket = fakeRealtime().socket
  })
  afterEach(() => {
    resetSession()
    server.restore()
    time.restore()
  })

  async function signedInStatus(status = 'break') {
    signIn(time.now())
    acceptAuthentication(socket(), SETTINGS, status)
    const element = await mount(html`<agent-status lang="en"></agent-status>`)
    await waitUntil(() => $link.get().state === 'online', 'the status element did not connect')
    await waitUntil(() => !trigger(element).disabled)
    return element
  }

  it('says so when nobody is signed in', async () => {
    const element = await mount(html`<agent-status lang="en"></agent-status>`)
    expect(visibleText(element)).to.equal('Status Not signed in')
  })

  it('lists the statuses of the settings with their labels and colours, the current one disabled', async () => {
    const element = await signedInStatus('break')
    expect(trigger(element).textContent).to.contain('Break')
    trigger(element).click()
    await waitUntil(() => !shadow(element).querySelector<HTMLElement>('[role="menu"]')!.hidden)
    expect(options(element).map((option) => option.textContent?.trim())).to.deep.equal([
      'Available',
      'Break',
      'Lunch & learn',
      'Disconnected',
    ])
    expect(options(element).map((option) => option.disabled)).to.deep.equal([false, true, false, false])
    const dot = options(element)[2]!.querySelector<HTMLElement>('.status-dot')!
    expect(getComputedStyle(dot).backgroundColor).to.equal('rgb(142, 78, 198)')
    expect(shadow(element).activeElement).to.equal(options(element)[0])
  })

  it('changes the status and notes it: success when available, info otherwise', async () => {
    const element = await signedInStatus('break')
    answerStatus(socket())
    trigger(element).click()
    options(element)[0]!.click()
    await waitUntil(() => $agentStatus.get().status === 'available')
    expect($toasts.get().find((toast) => toast.key === 'status-changed')).to.deep.include({
      variant: 'success',
      messageId: 'status.changed',
      values: { status: 'Available' },
    })
    await waitUntil(() => trigger(element).textContent?.includes('Available'))
    trigger(element).click()
    options(element)
      .find((option) => option.textContent?.includes('Lunch'))!
      .click()
    await waitUntil(() => $agentStatus.get().status === 'lunch-and-learn')
    expect($toasts.get().find((toast) => toast.key === 'status-changed')).to.deep.include({
      variant: 'primary',
      values: { status: 'Lunch & learn' },
    })
  })

  it('says a change with no answer may have happened, and shows the status the server then sends', async () => {
    const element = await signedInStatus('break')
    socket().answer('status', () => NO_REPLY)
    trigger(element).click()
    options(element)[0]!.click()
    await waitUntil(() => $toasts.get().some((toast) => toast.key === 'status-changed'), 'no notice')
    expect($toasts.get().find((toast) => toast.key === 'status-changed')).to.deep.include({
      variant: 'danger',
      messageId: 'status.changeNoAnswer',
    })
    // The server had it: its update arrives on its own.
    socket().serverEmit('agent:status:update', {
      online: true,
      available: true,
      inCall: false,
      status: 'available',
    })
    await waitUntil(() => trigger(element).textContent?.includes('Available'), 'the late update did not show')
  })

  it('hangs up first when the status changes during a call', async () => {
    const element = await signedInStatus('available')
    const order: string[] = []
    answerStatus(socket(), order)
    const unregister = registerHangup(async () => {
      order.push('hangup')
      setInCall(false)
    })
    setInCall(true)
    trigger(element).click()
    options(element)[1]!.click()
    await waitUntil(() => order.length === 2)
    expect(order).to.deep.equal(['hangup', 'status:break'])
    unregister()
  })

  it('keeps the status, with no note of its own, when the call is kept (its hang-up said why)', async () => {
    const element = await signedInStatus('available')
    const sent: string[] = []
    answerStatus(socket(), sent)
    let hangups = 0
    const unregister = registerHangup(async () => {
      hangups++
      throw new HangupKept('blocked')
    })
    setInCall(true)
    trigger(element).click()
    options(element)[1]!.click()
    await waitUntil(() => hangups === 1 && !$statusChanging.get(), 'the change did not end')
    expect(sent).to.deep.equal([])
    expect($agentStatus.get().status).to.equal('available')
    expect($toasts.get().filter((toast) => toast.key === 'status-changed')).to.deep.equal([])
    unregister()
    setInCall(false)
  })

  it('closes the menu with Escape and gives the focus back', async () => {
    const element = await signedInStatus('break')
    trigger(element).click()
    const menu = shadow(element).querySelector<HTMLElement>('[role="menu"]')!
    await waitUntil(() => !menu.hidden)
    options(element)[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }))
    expect(shadow(element).activeElement).to.equal(options(element)[2])
    options(element)[2]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await waitUntil(() => menu.hidden)
    expect(shadow(element).activeElement).to.equal(trigger(element))
  })

  it('runs the time-connected timer while online and pauses it offline', async () => {
    const element = await signedInStatus('available')
    await time.tick(3_000)
    await waitUntil(() => clockText(element) === '00:00:03', `shows ${clockText(element)}`)
    socket().connect = () => {
      socket().serverEmit('connect_error', new Error('websocket error'))
      return socket()
    }
    socket().connected = false
    socket().serverEmit('disconnect', 'transport close')
    await time.tick(2_000)
    expect(clockText(element)).to.equal('00:00:03')
    await waitUntil(() => visibleText(element).includes('Reconnecting…'))
    socket().connect = () => {
      socket().connected = true
      socket().serverEmit('connect')
      return socket()
    }
    await time.tick(4_000)
    await waitUntil(() => $agentStatus.get().online)
    const resumedAt = $timeConnected.get()
    expect(resumedAt).to.be.within(3_000, 9_000)
    await time.tick(60_000)
    const expected = formatClock(resumedAt + 60_000)
    await waitUntil(() => clockText(element) === expected, `shows ${clockText(element)}, not ${expected}`)
  })

  it('formats the time connected as hh:mm:ss, hours past a day included', () => {
    expect([0, 3_000, 59_999, 3_723_000, 90_000_000].map(formatClock)).to.deep.equal([
      '00:00:00',
      '00:00:03',
      '00:00:59',
      '01:02:03',
      '25:00:00',
    ])
  })

  it('tells the page about status and connection changes', async () => {
    const seen: string[] = []
    document.addEventListener('agent-status-change', (event) => seen.push(`status ${event.detail.status}`))
    document.addEventListener('agent-connection-change', (event) => seen.push(`link ${event.detail.state}`))
    await signedInStatus('available')
    expect(seen).to.include.members(['link connecting', 'link online', 'status available'])
  })
})
