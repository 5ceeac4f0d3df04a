import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startServer, type RunningServer } from './support/server'
import { collectErrors } from './support/browser'
import { freshWorld, freshWorldOnDisk } from './support/world'
import { distSnapshot } from './support/console-page'
import { DEMO_DASHBOARD_URL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../server/store/seed-content'
import { currentTotp } from '../../server/auth/totp'

const SHOTS = process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'agent-console-shots')

/** The console's shadow root is pierced by Playwright's CSS engine: `agent-console input[name=email]`. */
const inConsole = (selector: string) => `agent-console ${selector}`

async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.fill(inConsole('input[name=email]'), email)
  await page.fill(inConsole('input[name=password]'), password)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
}

/** Passes the startup check with Chromium's fake camera and microphone. */
async function passStartup(page: Page): Promise<void> {
  const connect = page.locator(inConsole('dialog[open] button.primary'))
  await connect.waitFor({ timeout: 15_000 })
  await page.locator(inConsole('dialog [data-device="microphone"][data-found="true"]')).waitFor()
  await page.locator(inConsole('dialog [data-device="camera"][data-found="true"]')).waitFor()
  await page.waitForFunction(
    () => {
      const video = document.querySelector('agent-console')?.shadowRoot?.querySelector('dialog video')
      return video instanceof HTMLVideoElement && video.readyState >= 2 && video.videoWidth > 0
    },
    undefined,
    { timeout: 15_000 },
  )
  await connect.click()
  await page.locator(inConsole('dialog')).waitFor({ state: 'detached' })
}

/** Reads what the status menu button says and whether the link is online. */
async function statusShown(page: Page): Promise<{ status: string; link: string | null }> {
  return page.evaluate(() => {
    const root = document.querySelector('agent-console')!.shadowRoot!
    return {
      status: root.querySelector('.status-trigger .status-name')?.textContent ?? '',
      link: root.querySelector('.connection-state')?.getAttribute('data-state') ?? null,
    }
  })
}

async function chooseStatus(page: Page, id: string): Promise<void> {
  await page.click(inConsole('.status-trigger:not([disabled]):not([aria-disabled])'))
  await page.click(inConsole(`[role=menuitem][data-status="${id}"]`))
}

/** Asks the server, as another agent, whether `email`'s agent is online and available. */
async function serverSeesAvailable(server: RunningServer, name: string): Promise<boolean> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'carla@demo.test', password: DEMO_PASSWORD, agreement: true }),
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const list = await fetch(`${server.url}/api/users?level=5&firstname=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  const { data } = (await list.json()) as {
    data: { firstname: string; status: { online: boolean; available: boolean } }[]
  }
  const agent = data.find((candidate) => candidate.firstname === name)
  return !!agent && agent.status.online && agent.status.available
}

describe('an agent signs in, goes available, and stays connected', () => {
  // The database on disk, so that it survives the restart.
  const world = freshWorldOnDisk()

  it('comes back available by itself after the server restarts under the console', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    const seen: string[] = []
    page.on('console', (message) => seen.push(`${Date.now() % 100000} ${message.type()} ${message.text()}`))
    await page.exposeFunction('__connection', (text: string) =>
      seen.push(`${Date.now() % 100000} link ${text}`),
    )
    await page.addInitScript(() =>
      document.addEventListener('agent-connection-change', (event) =>
        (window as unknown as { __connection(text: string): void }).__connection(
          JSON.stringify(event.detail),
        ),
      ),
    )
    await page.goto(world.server.url)
    await page.waitForURL(/\/login$/)
    await logIn(page, 'ana@demo.test')
    await passStartup(page)
    await page.waitForURL(/\/history$/)
    await chooseStatus(page, 'available')
    await page.waitForFunction(() =>
      document
        .querySelector('agent-console')
        ?.shadowRoot?.querySelector('.status-trigger')
        ?.textContent?.includes('Available'),
    )
    assert.equal(
      await serverSeesAvailable(world.server, 'Ana'),
      true,
      'the server does not see Ana available',
    )

    // Restart: the same data, the same port; the console is not touched.
    const port = world.server.port
    const dataDir = world.dataDir()
    await world.server.stop()
    await page.locator(inConsole('.connection-state[data-state="reconnecting"]')).waitFor({ timeout: 15_000 })
    const restartedAt = Date.now()
    world.server = await startServer({ DATA_DIR: dataDir, DIST_DIR: await distSnapshot() }, port)
    const downFor = Date.now() - restartedAt

    // The back-off doubles up to 30 s (+20 %): the console is back within one pause of the server.
    await page
      .locator(inConsole('.connection-state[data-state="online"]'))
      .waitFor({ state: 'attached', timeout: 40_000 })
      .catch(async (error: unknown) => {
        const notice = await page.locator(inConsole('.toast-stack .toast')).allTextContents()
        throw new Error(
          `not back online (server down ${downFor} ms; notices ${JSON.stringify(notice)})\n${seen.join('\n')}`,
          { cause: error },
        )
      })
    await page.waitForFunction(
      () =>
        document
          .querySelector('agent-console')
          ?.shadowRoot?.querySelector('.status-trigger')
          ?.textContent?.includes('Available'),
      undefined,
      { timeout: 15_000 },
    )
    assert.deepEqual(await statusShown(page), { status: 'Available', link: 'online' })
    assert.equal(
      await serverSeesAvailable(world.server, 'Ana'),
      true,
      'the server does not see Ana available after the restart',
    )
    // The browser's own network messages while the server is away: a failed request or connection, and a
    // frame the socket.io client wrote as the server closed the socket under it (Chromium logs it, nothing throws).
    const unexpected = errors.filter(
      (error) =>
        !/Failed to load resource|WebSocket connection|WebSocket is already in CLOSING or CLOSED state/.test(
          error,
        ),
    )
    assert.deepEqual(unexpected, [])
  })

  it('shows a new version deployed under it when the agent comes back to the tab, and updates into it', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    await page.goto(world.server.url)
    await logIn(page, 'bruno@demo.test')
    await passStartup(page)
    await chooseStatus(page, 'available')
    await page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor()
    assert.equal(await page.textContent(inConsole('.version-tag')), 'Version e2e')

    // A deploy: the same data and port, the next version.
    const port = world.server.port
    await world.server.stop()
    world.server = await startServer(
      { DATA_DIR: world.dataDir(), DIST_DIR: await distSnapshot(), APP_VERSION: '2.0.0' },
      port,
    )
    await page
      .locator(inConsole('.connection-state[data-state="online"]'))
      .waitFor({ state: 'attached', timeout: 40_000 })
    const banner = page.locator(inConsole('[data-banner="update"]'))
    assert.equal(await banner.count(), 0, 'the banner shows before the version is checked again')
    // The agent comes back to the console's tab: the browser says it is visible again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await banner.waitFor({ timeout: 10_000 })
    assert.match((await banner.textContent()) ?? '', /A new version of the console is available/)

    await banner.locator('button').click()
    await page
      .locator(inConsole('.version-tag'))
      .filter({ hasText: 'Version 2.0.0' })
      .waitFor({ timeout: 30_000 })
    await passStartup(page)
    // Still signed in and, once connected, available as before the update.
    await page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor({ timeout: 15_000 })
    assert.equal(await banner.count(), 0)
    const unexpected = errors.filter(
      (error) =>
        !/Failed to load resource|WebSocket connection|WebSocket is already in CLOSING or CLOSED state/.test(
          error,
        ),
    )
    assert.deepEqual(unexpected, [])
  })
})

describe('signing in', () => {
  const world = freshWorld()

  it('signs in the 2FA agent with a code from the authenticator', async () => {
    const page = await (await world.newContext()).newPage()
    await page.goto(`${world.server.url}/login`)
    await logIn(page, 'otp@demo.test')
    const code = page.locator(inConsole('input[name=otp]'))
    await code.waitFor()
    await code.fill(currentTotp(DEMO_TOTP_SECRET, Date.now()))
    await page.click(inConsole('button[type=submit]'))
    await passStartup(page)
    await page.locator(inConsole('.status-trigger:not([disabled]):not([aria-disabled])')).waitFor()
  })

  it('tells a supervisor the console is for agents, and sends them on to their dashboard', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    await page.goto(`${world.server.url}/login`)
    await logIn(page, 'supervisor@demo.test')
    const notice = page.locator(inConsole('.notice'))
    await notice.filter({ hasText: 'This console is for agents only' }).waitFor()
    await notice.locator('a').click()
    // The demo's dashboard page, not the login again (an unknown path is sent to /login).
    await page.waitForURL(`${world.server.url}${DEMO_DASHBOARD_URL}`)
    await page.locator('h1').filter({ hasText: 'Dashboard' }).waitFor()
    assert.deepEqual(errors, [])
  })

  it('signs a tab out, saying so, when the agent logs out in another tab', async () => {
    const context = await world.newContext()
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(`${world.server.url}/login`)
    await logIn(page, 'ana@demo.test')
    await passStartup(page)
    await page.locator(inConsole('.status-trigger:not([disabled]):not([aria-disabled])')).waitFor()
    // Another tab of the same browser logs out: the same refresh cookie, another page.
    const other = await context.newPage()
    await other.goto(`${world.server.url}/demo/policies.html`)
    const status = await other.evaluate(
      async () =>
        (
          await fetch('/api/auth/logout', {
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
    )
    assert.equal(status, 200)
    await page
      .locator(inConsole('.toast'))
      .filter({ hasText: 'You logged out in another tab or window. Log in again to continue.' })
      .waitFor({ timeout: 15_000 })
    await page.locator(inConsole('input[name=email]')).waitFor()
    assert.equal(new URL(page.url()).pathname, '/login')
    assert.deepEqual(errors, [])
  })

  for (const [locale, title] of [
    ['en-US', 'Sign in to the agent console'],
    ['es-ES', 'Inicia sesión en la consola de agentes'],
    ['fr-FR', 'Connectez-vous à la console des agents'],
  ] as const)
    it(`shows the login in the browser's language: ${locale}`, async () => {
      const page = await (
        await world.newContext({ locale, viewport: { width: 1024, height: 720 } })
      ).newPage()
      await page.goto(`${world.server.url}/login`)
      await page.locator(inConsole('h1')).filter({ hasText: title }).waitFor()
      await page.screenshot({ path: join(SHOTS, `login-${locale}.png`) })
    })
})
