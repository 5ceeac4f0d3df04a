import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { html } from 'lit'
import '../../src/elements/agent-console'
import { $link } from '../../src/stores/session/link-state'
import { $path, navigate } from '../../src/stores/shell/router'
import { setInCall, setRinging } from '../../src/stores/status/activity'
import { $appVersions } from '../../src/stores/app/app-update'
import { $browserBannerDismissed, checkBrowser } from '../../src/stores/app/browser-banner'
import { $sessionExpiredInCall } from '../../src/stores/session/session'
import { $startup } from '../../src/stores/session/startup'
import { fakeApi, type FakeApi } from '../support/fake-api'
import type { FakeSocket } from '../support/fake-socket'
import { mount, shadow, visibleText } from '../support/render'
import {
  acceptAuthentication,
  fakeRealtime,
  recordNavigation,
  resetSession,
  signIn,
} from '../support/session'
import { SETTINGS } from '../support/settings-fixture'

const menuLinks = (element: Element) => [
  ...shadow(element).querySelectorAll<HTMLAnchorElement>('.bottom-menu a'),
]
const button = (element: Element, text: string) =>
  [...shadow(element).querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.trim() === text,
  )
/** A button of the startup dialog (the page behind it may have a button of the same name). */
const startupButton = (element: Element, text: string) =>
  [...shadow(element).querySelectorAll<HTMLButtonElement>('dialog button')].find(
    (b) => b.textContent?.trim() === text,
  )

describe('<agent-console> shell', () => {
  let server: FakeApi
  let socket: () => FakeSocket
  let version = '1.0.0'

  beforeEach(() => {
    server = fakeApi()
    version = '1.0.0'
    $appVersions.set({ loaded: null, latest: null })
    server.route('GET', '/version.txt', () => ({ status: 200, text: `${version}\n` }))
    server.route('GET', '/api/auth/check-token', { status: 200, body: {} })
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
    })
    socket = fakeRealtime().socket
  })
  afterEach(() => {
    resetSession()
    server.restore()
  })

  /** Signed in, past the startup check, online. */
  async function onlineConsole(settings = SETTINGS) {
    signIn(Date.now())
    acceptAuthentication(socket(), settings)
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => !button(element, 'Connect')?.disabled, 'the startup check did not pass', {
      timeout: 5_000,
    })
    button(element, 'Connect')!.click()
    await waitUntil(() => $link.get().state === 'online', 'not online')
    return element
  }

  it('sends a signed-out visitor to the login, from home and from an unknown path', async () => {
    navigate('/nowhere')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => $path.get() === '/login')
    await waitUntil(() => visibleText(element).includes('Sign in to the agent console'))
  })

  it('leaves a public path alone', async () => {
    navigate('/password/forget')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => visibleText(element).includes('Forgot your password?'))
    expect($path.get()).to.equal('/password/forget')
  })

  it('takes a signed-in agent from the login to home, which is the history', async () => {
    signIn(Date.now())
    navigate('/login')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => $path.get() === '/history')
    await waitUntil(() => visibleText(element).includes('Call history'))
  })

  it('previews the fake camera, lists the devices and connects only after the click', async () => {
    signIn(Date.now())
    acceptAuthentication(socket(), SETTINGS)
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => shadow(element).querySelector('dialog')?.open, 'no startup modal')
    await waitUntil(() => $startup.get().phase === 'ready', 'devices not checked', { timeout: 5_000 })
    await waitUntil(() => (shadow(element).querySelector('video')?.srcObject as MediaStream | null)?.active)
    expect(shadow(element).querySelector('[data-device="microphone"]')?.textContent).to.equal(
      'Microphone: available',
    )
    expect(shadow(element).querySelector('[data-device="camera"]')?.textContent).to.equal('Camera: available')
    expect(socket().sent).to.deep.equal([])
    button(element, 'Connect')!.click()
    await waitUntil(() => $link.get().state === 'online')
    expect(shadow(element).querySelector('dialog')).to.equal(null)
  })

  describe('when the devices fail', () => {
    const media = navigator.mediaDevices
    const original = { getUserMedia: media.getUserMedia, enumerateDevices: media.enumerateDevices }
    afterEach(() => Object.assign(media, original))

    it('shows the capture error and a try-again button, and does not connect', async () => {
      media.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      signIn(Date.now())
      const element = await mount(html`<agent-console lang="en"></agent-console>`)
      await waitUntil(() =>
        visibleText(element).includes(
          'We have detected an error when trying to access your camera or microphone',
        ),
      )
      expect(visibleText(element)).to.contain('NotAllowedError: Permission denied')
      // The way out, in the agent's language: the browser's message says nothing of it.
      expect(visibleText(element)).to.contain(
        'The browser blocks the camera and microphone for this page: allow them with the camera icon in the address bar.',
      )
      expect(button(element, 'Connect')!.disabled).to.equal(true)
      expect(socket().sent).to.deep.equal([])
      media.getUserMedia = original.getUserMedia
      startupButton(element, 'Try again')!.click()
      await waitUntil(() => !startupButton(element, 'Connect')?.disabled, 'the retry did not pass', {
        timeout: 5_000,
      })
    })

    it('says another application holds the camera when the browser cannot start it', async () => {
      media.getUserMedia = () =>
        Promise.reject(new DOMException('Could not start video source', 'NotReadableError'))
      signIn(Date.now())
      const element = await mount(html`<agent-console lang="es"></agent-console>`)
      await waitUntil(
        () =>
          visibleText(element).includes(
            'Otra aplicación o pestaña está usando la cámara o el micrófono: ciérrala.',
          ),
        'no advice',
        { timeout: 5_000 },
      )
      expect(visibleText(element)).to.contain('NotReadableError: Could not start video source')
    })

    it('keeps connect disabled without a microphone', async () => {
      const devices = await original.enumerateDevices.call(media)
      media.enumerateDevices = async () => devices.filter((device) => device.kind !== 'audioinput')
      signIn(Date.now())
      const element = await mount(html`<agent-console lang="en"></agent-console>`)
      await waitUntil(() => $startup.get().phase === 'ready', 'devices not checked', { timeout: 5_000 })
      await waitUntil(() => visibleText(element).includes('A microphone is needed to connect.'))
      expect(shadow(element).querySelector('[data-device="microphone"]')?.textContent).to.equal(
        'Microphone: not found',
      )
      expect(button(element, 'Connect')!.disabled).to.equal(true)
    })
  })

  it('disables the bottom menu while a call rings, and enables it after', async () => {
    const element = await onlineConsole()
    await waitUntil(() => menuLinks(element).length === 4)
    expect(menuLinks(element).map((link) => link.getAttribute('aria-disabled'))).to.deep.equal([
      null,
      null,
      null,
      null,
    ])
    setRinging(true)
    await waitUntil(() => menuLinks(element).every((link) => link.getAttribute('aria-disabled') === 'true'))
    menuLinks(element)[1]!.click()
    expect($path.get()).to.equal('/history')
    setRinging(false)
    await waitUntil(() => menuLinks(element).every((link) => !link.hasAttribute('aria-disabled')))
    menuLinks(element)[1]!.click()
    await waitUntil(() => visibleText(element).includes('Utilities'))
    expect($path.get()).to.equal('/utilities')
  })

  it('disables the menu while disconnected and shows the call container during a call', async () => {
    const element = await onlineConsole()
    setInCall(true)
    await waitUntil(() => shadow(element).querySelector('.call-container'))
    expect(menuLinks(element)[0]!.getAttribute('aria-disabled')).to.equal('true')
    setInCall(false)
    socket().connect = () => socket()
    socket().connected = false
    socket().serverEmit('disconnect', 'transport close')
    await waitUntil(() => menuLinks(element)[0]!.getAttribute('aria-disabled') === 'true')
  })

  it('badges the profile link with the unread count', async () => {
    const element = await onlineConsole()
    socket().serverEmit('notifications:update', { notifications: [], total: 4, unread: 3 })
    await waitUntil(() => shadow(element).querySelector('.badge')?.textContent === '3')
    expect(shadow(element).querySelector('.badge')?.getAttribute('aria-label')).to.equal(
      '3 unread notifications',
    )
  })

  it('shows the calendar sidebar only when the settings enable it', async () => {
    const element = await onlineConsole({ ...SETTINGS, calendarEnabled: true })
    await waitUntil(() => shadow(element).querySelector('aside.shell-calendar'))
    expect(button(element, 'Schedule')).to.exist
  })

  it('insets the calendar sidebar from its border on a wide console, as the page beside it', async () => {
    const element = await onlineConsole({ ...SETTINGS, calendarEnabled: true })
    // Wide: the sidebar beside the page (a narrow console puts it below, inset too).
    ;(element as HTMLElement).style.width = '1280px'
    await waitUntil(() => shadow(element).querySelector('aside.shell-calendar'))
    const aside = shadow(element).querySelector('aside.shell-calendar')!
    const main = shadow(element).querySelector('.shell-main')!.getBoundingClientRect()
    const box = aside.getBoundingClientRect()
    expect(box.left, 'the calendar is beside the page').to.be.at.least(main.right - 1)
    const content = aside.firstElementChild!.getBoundingClientRect()
    expect(content.left - box.left).to.be.at.least(12)
    expect(box.right - content.right).to.be.at.least(12)
  })

  it('shows the version tag and the update banner when version.txt changes, and reloads on apply', async () => {
    const navigation = recordNavigation()
    try {
      const element = await onlineConsole()
      await waitUntil(() => visibleText(element).includes('Version 1.0.0'))
      expect(shadow(element).querySelector('[data-banner="update"]')).to.equal(null)
      version = '1.1.0'
      document.dispatchEvent(new Event('visibilitychange'))
      await waitUntil(() => shadow(element).querySelector('[data-banner="update"]'), 'no update banner')
      expect(visibleText(element)).to.contain('A new version of the console is available.')
      button(element, 'Update now')!.click()
      expect(navigation.reloads).to.equal(1)
    } finally {
      navigation.restore()
    }
  })

  it('shows the browser banner for an old browser', async () => {
    $browserBannerDismissed.set(false)
    const element = await onlineConsole()
    await checkBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0')
    await waitUntil(() => shadow(element).querySelector('[data-banner="browser"]'))
    expect(visibleText(element)).to.contain('Your browser is out of date')
    await checkBrowser(
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/98.0.4758.102 Safari/537.36',
    )
    await waitUntil(() => visibleText(element).includes('Your browser has known security vulnerabilities.'))
    await checkBrowser()
    await waitUntil(() => !shadow(element).querySelector('[data-banner="browser"]'))
  })

  it('offers a refresh when the session expired during a call', async () => {
    const navigation = recordNavigation()
    try {
      const element = await onlineConsole()
      $sessionExpiredInCall.set(true)
      await waitUntil(() => shadow(element).querySelector('[data-banner="session"]'))
      button(element, 'Refresh')!.click()
      expect(navigation.reloads).to.equal(1)
    } finally {
      navigation.restore()
    }
  })

  it('logs out from the header', async () => {
    server.route('POST', '/api/auth/logout', { status: 200, body: { ok: true } })
    const element = await onlineConsole()
    button(element, 'Log out')!.click()
    await waitUntil(() => visibleText(element).includes('Sign in to the agent console'))
    expect($path.get()).to.equal('/login')
    expect($link.get().state).to.equal('idle')
    expect(server.to('/api/auth/logout')).to.have.length(1)
  })
})
