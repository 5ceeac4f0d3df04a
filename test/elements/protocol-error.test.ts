import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { html } from 'lit'
import '../../src/elements/agent-status'
import type { ProtocolErrorDetail } from '../../src/elements/events/session-events'
import type { StatusChangeDetail } from '../../src/elements/events/session-events'
import { $link } from '../../src/stores/session/link-state'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import { mount, shadow, visibleText } from '../support/render'
import { acceptAuthentication, fakeRealtime, resetSession, signIn } from '../support/session'
import { SETTINGS } from '../support/settings-fixture'

const trigger = (element: Element) => shadow(element).querySelector<HTMLButtonElement>('.status-trigger')!
const options = (element: Element) =>
  [...shadow(element).querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].map((option) =>
    option.textContent?.trim(),
  )

describe('a server that breaks the contract', () => {
  let time: FakeClock
  let server: FakeApi
  let socket: () => FakeSocket
  let restoreConsole: () => void

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
    })
    socket = fakeRealtime().socket
    const { warn, info } = console
    console.warn = () => {}
    console.info = () => {}
    restoreConsole = () => Object.assign(console, { warn, info })
  })
  afterEach(() => {
    restoreConsole()
    resetSession()
    server.restore()
    time.restore()
  })

  let stopListening = () => {}
  afterEach(() => stopListening())

  /** Listens on the document from before the element connects (its events are composed and bubble). */
  function listen<K extends 'agent-protocol-error' | 'agent-status-change'>(
    name: K,
    seen: HTMLElementEventMap[K]['detail'][],
  ) {
    const listener = (event: HTMLElementEventMap[K]) => seen.push(event.detail)
    document.addEventListener(name, listener)
    stopListening = () => document.removeEventListener(name, listener)
  }

  async function connect(settings: unknown) {
    signIn(time.now())
    acceptAuthentication(socket(), settings, 'break')
    const element = await mount<HTMLElement>(html`<agent-status lang="en"></agent-status>`)
    await waitUntil(() => $link.get().state === 'online', 'the status element did not connect', {
      timeout: 5_000,
    })
    return element
  }

  it('accepts settings without pageSize: no error, the account statuses in the menu', async () => {
    const errors: ProtocolErrorDetail[] = []
    const { pageSize: _dropped, ...settings } = SETTINGS
    listen('agent-protocol-error', errors)
    const element = await connect(settings)
    await waitUntil(() => !trigger(element).disabled, 'the status menu stayed disabled', { timeout: 5_000 })
    trigger(element).click()
    await waitUntil(() => options(element).includes('Lunch & learn'), 'the account statuses are not listed', {
      timeout: 5_000,
    })
    expect(errors).to.deep.equal([])
    expect(visibleText(element)).not.to.contain('cannot use')
  })

  it('drops settings with a wrong type: a translated error, an agent-protocol-error event, a usable menu', async () => {
    const errors: ProtocolErrorDetail[] = []
    listen('agent-protocol-error', errors)
    const element = await connect({ ...SETTINGS, statuses: 'all of them' })
    await waitUntil(() => errors.length > 0, 'no agent-protocol-error event', { timeout: 5_000 })
    expect(errors[0]).to.include({ event: 'console:settings', kind: 'event', field: 'statuses' })
    await waitUntil(
      () => visibleText(element).includes('cannot use (console:settings, field statuses)'),
      'the agent was not told',
      { timeout: 5_000 },
    )
    // The menu still works with the two statuses the console cannot do without.
    await waitUntil(() => !trigger(element).disabled, 'the status menu stayed disabled', { timeout: 5_000 })
    trigger(element).click()
    await waitUntil(() => options(element).length === 2, 'the default statuses are not offered', {
      timeout: 5_000,
    })
    expect(options(element)).to.deep.equal(['Available', 'Disconnected'])
  })

  it('speaks the agent’s language in the error', async () => {
    signIn(time.now())
    acceptAuthentication(socket(), { ...SETTINGS, pageSize: 'ten' }, 'disconnected')
    const element = await mount(html`<agent-status lang="es"></agent-status>`)
    await waitUntil(
      () => visibleText(element).includes('no puede usar (console:settings, campo pageSize)'),
      'the error is not in Spanish',
      { timeout: 5_000 },
    )
  })

  it('fires one agent-status-change for one change, though the ack and the broadcast both carry it', async () => {
    const changes: StatusChangeDetail[] = []
    listen('agent-status-change', changes)
    const element = await connect(SETTINGS)
    await waitUntil(() => changes.length === 1, 'the first status did not arrive', { timeout: 5_000 })
    const available = { online: true, available: true, inCall: false, status: 'available' }
    socket().answer('status', () => {
      // The reference server broadcasts to every tab before it acknowledges.
      socket().serverEmit('agent:status:update', available)
      return { ok: true, data: available }
    })
    await waitUntil(() => !trigger(element).disabled, 'the status menu stayed disabled', { timeout: 5_000 })
    trigger(element).click()
    await waitUntil(() => options(element).includes('Available'), 'no menu', { timeout: 5_000 })
    shadow(element).querySelector<HTMLButtonElement>('[data-status="available"]')!.click()
    await waitUntil(() => visibleText(element).includes('Your status is now Available'), 'no confirmation', {
      timeout: 5_000,
    })
    expect(changes.map((change) => change.status)).to.deep.equal(['break', 'available'])
  })
})
