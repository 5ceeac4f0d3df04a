import { waitUntil } from './waits'
import { cleanStores } from 'nanostores'
import { html } from 'lit'
import '../../src/elements/agent-call-panel'
import { clearToasts } from '../../src/stores/app/toasts'
import { $call, abandonCall } from '../../src/stores/call/call'
import { $signedIn } from '../../src/stores/session/logout'
import { $inbound, abandonRinging } from '../../src/stores/inbound/inbound'
import { $consoleSettings } from '../../src/stores/profile/settings'
import { fakeApi, type FakeApi } from './fake-api'
import type { FakeSocket } from './fake-socket'
import { mount, shadow } from './render'
import { acceptAuthentication, fakeRealtime, resetSession, signIn } from './session'
import { consoleSettings } from './call-fixtures'

/** A signed-in page with `<agent-call-panel>`, a fake realtime link and a fake API. */
export interface CallPage {
  panel: HTMLElement
  socket: FakeSocket
  api: FakeApi
  /** Queries the panel's shadow root. */
  $<E extends Element = HTMLElement>(selector: string): E | null
  /** Waits until a selector matches in the panel's shadow root. */
  find<E extends Element = HTMLElement>(selector: string, timeout?: number): Promise<E>
  close(): void
}

/**
 * Opens a page with a signed-in agent and a call panel in `lang`, its socket connected and faked; the
 * fake server's sign-in brings `settings`.
 *
 * @example
 * const page = await openCallPage()
 * page.socket.serverEmit('inbound', inboundCall())
 */
export async function openCallPage(lang = 'en', settings = consoleSettings()): Promise<CallPage> {
  const api = fakeApi()
  api.route('GET', '/api/auth/check-token', {
    status: 200,
    body: {
      valid: true,
      userId: '64b7f0c2a1b2c3d4e5f60718',
      account: '64b7f0c2a1b2c3d4e5f60001',
      level: 5,
      exp: Math.floor(Date.now() / 1000) + 900,
    },
  })
  api.route('GET', '/api/user/settings', {
    status: 200,
    body: { ringtone: 'marimba', virtualBackground: { enabled: false, background: '' } },
  })
  const realtime = fakeRealtime()
  realtime.link.connect()
  // The panel connects the agent itself on a page without a console: the fake server lets it in. It
  // may do so at any moment of a test (when the browser hands the tab its lock), so the server sends the
  // settings the test has set by then, not those of the page's start.
  acceptAuthentication(realtime.socket(), () => $consoleSettings.get() ?? settings)
  signIn(Date.now())
  const panel = await mount<HTMLElement>(html`<agent-call-panel lang=${lang}></agent-call-panel>`)
  const root = shadow(panel)
  const page: CallPage = {
    panel,
    socket: realtime.socket(),
    api,
    $: (selector) => root.querySelector(selector),
    find: async (selector, timeout = 5_000) => {
      await waitUntil(() => root.querySelector(selector), `${selector} never showed`, { timeout })
      return root.querySelector(selector) as never
    },
    close: () => {
      abandonRinging()
      abandonCall()
      clearToasts()
      api.restore()
      resetSession()
      // The next page gets a new fake link: the call stores must bind to it, not to this one.
      cleanStores($inbound, $call, $signedIn)
    },
  }
  return page
}
