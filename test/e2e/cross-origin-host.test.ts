import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { collectErrors } from './support/browser'
import { customerCalls, customerScreen, inConsole, passStartup } from './support/console-page'
import { startHostSite, type HostSite } from './support/host-page'
import type { RunningServer } from './support/server'
import { freshWorld } from './support/world'

/** Servers of this file ring for 30 s: a slow machine must not let a ring time out under a test. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000 })

/** The host page's own paths that are not the page itself (what the console must never ask for). */
function consoleRequestsToHost(host: HostSite): string[] {
  return host.requests.filter((path) => path !== '/' && !path.startsWith('/?') && path !== '/portal/token')
}

/** A CRM's page: its own heading and form, the console's tag, and `body` (scripts). */
function hostPage(body: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Acme CRM</title></head>
  <body>
    <h1>Acme CRM</h1>
    <label>Notes <input id="crm-notes" /></label>
    <agent-console></agent-console>
    ${body}
  </body>
</html>`
}

/** Goes available from the status menu. */
async function goAvailable(page: Page): Promise<void> {
  await page.click(inConsole('.status-trigger:not([disabled])'))
  await page.click(inConsole('[role=menuitem][data-status="available"]'))
  await page.locator(inConsole('.status-trigger .status-name')).filter({ hasText: 'Available' }).waitFor()
}

/** Signs in from the host's own backend, server to server, as an SSO portal that holds the agent's session. */
async function backendToken(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, agreement: true }),
  })
  assert.equal(response.status, 200, await response.clone().text())
  return ((await response.json()) as { accessToken: string }).accessToken
}

describe('a host page on another origin embeds the console from the reference server', () => {
  let host: HostSite
  const world = freshWorld(async () => {
    host = await startHostSite()
    return { TIMERS, ALLOWED_ORIGINS: host.origin }
  })
  afterEach(() => host.close())

  it('loads the module cross-origin, signs in, answers a call, blurs the background and hangs up; nothing goes to the host', async () => {
    const { server } = world
    assert.notEqual(new URL(host.origin).origin, new URL(server.url).origin)
    // No configuration at all: the console talks to the server its files came from.
    host.setPage(hostPage(`<script type="module" src="${server.url}/dist/cdn/index.js"></script>`))
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    const missing: string[] = []
    page.on('response', (response) => void (response.status() >= 400 && missing.push(response.url())))
    await page.goto(host.origin)

    await page.fill(inConsole('input[name=email]'), 'elena@demo.test')
    await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
    await page.check(inConsole('input[name=agreement]'))
    const terms = await page.locator(inConsole('a[target=_blank]')).first().getAttribute('href')
    assert.equal(terms, `${server.url}/demo/policies.html`, 'the terms link points at the console server')
    await page.click(inConsole('button[type=submit]'))
    await passStartup(page)
    await goAvailable(page)

    const customer = await customerCalls(await world.newContext(), server, 'Sales', 'Hana Host')
    await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
    await page.click(inConsole('.answer-button'))
    await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
    await customerScreen(customer.page, 'call')
    // The background worker is the console server's: on this host it starts from a same-origin blob:.
    await page.selectOption(inConsole('.background-picker select'), 'blur')
    await page.locator(inConsole('.background-picker[data-status="on"]')).waitFor({ timeout: 60_000 })
    await page.click(inConsole('.hangup-button'))
    await page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
    await customerScreen(customer.page, 'ended')

    assert.deepEqual(consoleRequestsToHost(host), [], 'the console asked the host origin for nothing')
    // Across sites the refresh token is the page's (no third-party cookie), kept in Web Storage.
    const stored = await page.evaluate(() => localStorage.length + sessionStorage.length)
    assert.ok(stored > 0)
    assert.deepEqual(missing, [])
    assert.deepEqual(errors, [])
    assert.deepEqual(customer.errors, [])
  })

  it('defines nothing until configured, then takes the session the host hands in and logs out on request', async () => {
    const { server } = world
    host.route('/portal/token', async () => ({ accessToken: await backendToken(server, 'elena@demo.test') }))
    host.setPage(
      hostPage(`<script type="module">
      import * as consoleSetup from '${server.url}/dist/cdn/setup.js'
      window.consoleSetup = consoleSetup
      window.providerCalls = 0
      window.sessionEvents = []
      document.addEventListener('agent-session-change', (event) => window.sessionEvents.push(event.detail.signedIn))
      window.handOff = async () => {
        consoleSetup.configure({
          apiUrl: '${server.url}/api',
          socketUrl: '${server.url}',
          tokenProvider: async () => {
            window.providerCalls += 1
            const response = await fetch('/portal/token')
            return (await response.json()).accessToken
          },
        })
        await consoleSetup.defineElements()
      }
    </script>`),
    )
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    // A session left on the host's origin by an earlier login: it must never reach the host's /api.
    await page.goto(`${host.origin}/?blank`)
    await page.evaluate(() =>
      localStorage.setItem(
        'agent-console:tokens',
        JSON.stringify({ refreshToken: 'left-over', remember: true }),
      ),
    )
    await page.goto(host.origin)
    await page.waitForFunction(() => 'consoleSetup' in window)
    assert.equal(await page.evaluate(() => customElements.get('agent-console') === undefined), true)
    assert.deepEqual(consoleRequestsToHost(host), [])

    await page.evaluate('window.handOff()')
    // The host's session: no login form, straight to the camera check and the shell.
    await passStartup(page)
    await page.locator(inConsole('.status-trigger')).waitFor()
    assert.ok(((await page.evaluate('window.providerCalls')) as number) >= 1)
    assert.equal(await page.evaluate(() => localStorage.getItem('agent-console:tokens')), null)
    assert.deepEqual(await page.evaluate('window.sessionEvents'), [true])

    await page.evaluate('window.consoleSetup.logout()')
    await page.locator(inConsole('input[name=email]')).waitFor()
    assert.deepEqual(await page.evaluate('window.sessionEvents'), [true, false])
    assert.deepEqual(consoleRequestsToHost(host), [], 'the console asked the host origin for nothing')
    assert.deepEqual(errors, [])
  })
})
