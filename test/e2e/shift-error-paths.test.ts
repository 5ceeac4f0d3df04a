// The error paths an agent meets during a shift (issue 69, "A map from SPEC to tests"), each as the agent
// sees it in a real browser against the built reference server: SPEC §2 "Main shell" and "Inbound modal",
// §4 "Session and token" and "Agent status and connection", §8 "Session", "Calls" and "Browser banners".
// Already proven elsewhere, so not here: the update banner (agent-session.test.ts) and a direct transfer's
// inbound text (call.test.ts).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { chromium, type Page, type Response } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { collectErrors } from './support/browser'
import {
  agentOnline,
  consoleSettled,
  customerCalls,
  customerScreen,
  distSnapshot,
  inConsole,
  signIn,
  toastShown,
} from './support/console-page'
import { startServer, type RunningServer } from './support/server'
import { E2E_WAIT_MS, freshWorld, freshWorldOnDisk, type World } from './support/world'

/** Fills and sends the login form the page shows (no navigation: the page is already on it). */
async function logIn(page: Page, email: string): Promise<void> {
  await page.fill(inConsole('input[name=email]'), email)
  await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
}

/** A toast of the console that contains `text`. */
const toast = (page: Page, text: string) =>
  page.locator(inConsole('.toast-stack .toast')).filter({ hasText: text })

/** The link indicator in a given state (it holds no text while online, so it is waited for attached). */
const linkState = (page: Page, state: string) =>
  page.locator(inConsole(`.connection-state[data-state="${state}"]`))

/** Answers the ringing call from the inbound modal and waits for the call area. */
async function answer(page: Page): Promise<void> {
  await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor()
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor()
}

/** Polls `check` (a question to the server, not a sleep) until it holds, within `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Asks the server, as Carla through the REST API, whether it lists an agent (by first name) as online.
 * Carla signs in once: logins are rate-limited (30 a minute), and the tests poll this.
 */
function presence(server: RunningServer): (firstname: string) => Promise<boolean> {
  let token: Promise<string> | undefined
  return async (firstname) => {
    token ??= fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'carla@demo.test', password: DEMO_PASSWORD, agreement: true }),
    })
      .then((response) => response.json() as Promise<{ accessToken: string }>)
      .then((body) => body.accessToken)
    const list = await fetch(`${server.url}/api/users?level=5&firstname=${encodeURIComponent(firstname)}`, {
      headers: { authorization: `Bearer ${await token}` },
    })
    assert.equal(list.status, 200)
    const { data } = (await list.json()) as { data: { firstname: string; status: { online: boolean } }[] }
    return data.some((agent) => agent.firstname === firstname && agent.status.online)
  }
}

/** The browser messages of a link the test cuts on purpose (a refused renewal, a socket closed under it). */
const NETWORK_NOISE =
  /Failed to load resource|WebSocket connection|WebSocket is already in CLOSING or CLOSED state|ERR_INTERNET_DISCONNECTED/

describe('a duplicated session', () => {
  const world = freshWorld()

  it('tells the second browser there is already an active session, and lets it reconnect once the first is closed', async () => {
    const online = presence(world.server)
    const first = await agentOnline(await world.newContext(), world.server, 'ana@demo.test')
    const second = await (await world.newContext()).newPage()
    await signIn(second, world.server.url, 'ana@demo.test')

    await toast(
      second,
      'Duplicated session - There is already an active session, please close your other session.',
    ).waitFor()
    const stopped = linkState(second, 'duplicated')
    await stopped.filter({ hasText: 'Session open elsewhere' }).waitFor()
    // The first session keeps the agent: it is still connected and available.
    await linkState(first.page, 'online').waitFor({ state: 'attached' })
    await first.page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor()
    assert.equal(await online('Ana'), true)

    // The agent closes the other session, then reconnects this one with its button.
    await first.page.close()
    await until(async () => !(await online('Ana')), 'Ana offline on the server')
    await stopped.getByRole('button', { name: 'Reconnect' }).click()
    await linkState(second, 'online').waitFor({ state: 'attached' })
    await toast(second, 'Duplicated session').waitFor({ state: 'detached' })
    assert.equal(await online('Ana'), true)
  })
})

/** Access tokens live 10 s here (15 minutes by default), so that the session's renewal comes within the test. */
const ACCESS_TOKEN_TTL_MS = 10_000

describe('a session that expires', () => {
  const world = freshWorld({
    TIMERS: JSON.stringify({ accessTokenTtlMs: ACCESS_TOKEN_TTL_MS, ringTimeoutMs: 30_000 }),
  })

  it('during a call warns with a Refresh button and keeps the call; after the refresh and a new login the agent is back in it', async () => {
    const context = await world.newContext()
    const page = await context.newPage()
    let latestToken = ''
    page.on('response', (response: Response) => {
      if (!/\/api\/auth\/(login|refresh-token)$/.test(new URL(response.url()).pathname) || !response.ok())
        return
      void response.json().then(
        (body: { accessToken?: string }) => (latestToken = body.accessToken ?? latestToken),
        () => undefined,
      )
    })
    const errors = collectErrors(page)
    await signIn(page, world.server.url, 'ana@demo.test')
    await page.click(inConsole('.status-trigger:not([disabled]):not([aria-disabled])'))
    await page.click(inConsole('[role=menuitem][data-status="available"]'))
    await page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor()
    // Sales: no agent form to fill, the call is Ana's alone.
    const customer = await customerCalls(await world.newContext(), world.server, 'Sales', 'Eva Expiry')
    await answer(page)
    await customerScreen(customer.page, 'call')

    // The session's end: the browser no longer holds the refresh cookie (as once it expires), and the
    // access token in hand has run out, so the next request must renew, and the server refuses.
    await context.clearCookies()
    assert.notEqual(latestToken, '', 'no access token was seen')
    await until(
      async () =>
        (
          await fetch(`${world.server.url}/api/auth/check-token`, {
            headers: { authorization: `Bearer ${latestToken}` },
          })
        ).status === 401,
      'the access token expires',
      ACCESS_TOKEN_TTL_MS + 20_000,
    )
    // The agent opens the transfer dialog: its lists are the request that meets the expiry.
    await page.click(inConsole('.menu-transfer'))
    const expired =
      'Your session expired. Refresh this page, you will be automatically reconnected to the call.'
    const banner = page.locator(inConsole('[data-banner="session"]')).filter({ hasText: expired })
    await banner.waitFor()
    await toast(page, expired).waitFor()
    await page.keyboard.press('Escape')
    await page.locator(inConsole('.transfer-dialog[open]')).waitFor({ state: 'detached' })
    // Not logged out: the call goes on, for both.
    assert.equal(await page.locator(inConsole('.call-area')).isVisible(), true)
    assert.equal(await page.locator(inConsole('input[name=email]')).count(), 0)
    await customerScreen(customer.page, 'call')

    // Refresh: the expired session sends the agent to the login, saying why.
    await Promise.all([
      toastShown(page, 'Your session has expired, please log in again'),
      banner.getByRole('button', { name: 'Refresh' }).click(),
    ])
    await page.locator(inConsole('input[name=email]')).waitFor()
    assert.equal(new URL(page.url()).pathname, '/login')
    // Logged in again, the tab that was in a call skips the startup click and is back in the call.
    await logIn(page, 'ana@demo.test')
    await page.locator(inConsole('.call-area')).waitFor()
    await customerScreen(customer.page, 'call')
    assert.equal(await banner.count(), 0)
    assert.deepEqual(
      errors.filter((error) => !NETWORK_NOISE.test(error) && !/401/.test(error)),
      [],
    )
  })
})

describe('the browser going offline', () => {
  // The database on disk, so that it survives the restart below.
  const world = freshWorldOnDisk()

  it('warns that the browser is offline and, once it is back online, reconnects at once and is available again', async () => {
    const context = await world.newContext()
    const { page } = await agentOnline(context, world.server, 'ana@demo.test')
    await consoleSettled(page)

    await context.setOffline(true)
    const warning = toast(page, 'Your browser has detected that you are offline')
    await warning.waitFor()
    // Chromium's offline mode leaves an open WebSocket up: the link drops as the network's would, with
    // the server gone, which comes back before the browser does.
    const { port } = world.server
    await Promise.all([toastShown(page, 'You are offline: you will not receive calls.'), world.server.kill()])
    await linkState(page, 'reconnecting').waitFor({ state: 'attached' })
    world.server = await startServer({ DATA_DIR: world.dataDir(), DIST_DIR: await distSnapshot() }, port)
    // Persistent: still there after the offline notice came, and while the browser stays offline.
    assert.equal(await warning.count(), 1)

    // Offline, no attempt was planned: only the browser's coming back online brings the link back.
    await Promise.all([toastShown(page, 'You are connected again.'), context.setOffline(false)])
    await warning.waitFor({ state: 'detached' })
    await linkState(page, 'online').waitFor({ state: 'attached' })
    await page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor()
    assert.equal(await presence(world.server)('Ana'), true)
  })
})

describe('a camera the browser refuses at startup', () => {
  const world = freshWorld()

  it('shows the camera error and does not connect; once allowed, Try again lets the agent connect', async () => {
    // A browser of its own: the shared one accepts every camera prompt (--use-fake-ui-for-media-stream);
    // this one refuses them, as for an agent who blocked the camera for the site.
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        ...CHROMIUM_ARGS.filter((arg) => arg !== '--use-fake-ui-for-media-stream'),
        '--deny-permission-prompts',
      ],
    })
    try {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
      context.setDefaultTimeout(E2E_WAIT_MS)
      const page = await context.newPage()
      const online = presence(world.server)
      await page.goto(world.server.url)
      await logIn(page, 'ana@demo.test')

      const startup = page.locator(inConsole('dialog.startup[open]'))
      const failure = startup.locator('.notice.danger[role=alert]')
      await failure
        .filter({
          hasText:
            /We have detected an error when trying to access your camera or microphone: NotAllowedError/,
        })
        .waitFor()
      assert.match(
        (await failure.textContent()) ?? '',
        /The browser blocks the camera and microphone for this page: allow them with the camera icon/,
      )
      const connect = startup.getByRole('button', { name: 'Connect' })
      assert.equal(await connect.isDisabled(), true)
      // Nothing connected: the link never started and the server does not see the agent.
      assert.equal(await linkState(page, 'idle').count(), 1)
      assert.equal(await online('Ana'), false)

      // The agent allows the camera and microphone for the site, and tries again.
      await context.grantPermissions(['camera', 'microphone'], { origin: world.server.url })
      await startup.getByRole('button', { name: 'Try again' }).click()
      await startup.locator('[data-device="microphone"][data-found="true"]').waitFor()
      await startup.locator('[data-device="camera"][data-found="true"]').waitFor()
      await connect.click()
      await startup.waitFor({ state: 'detached' })
      await linkState(page, 'online').waitFor({ state: 'attached' })
    } finally {
      await browser.close()
    }
  })
})

/**
 * A page that presents itself as Chrome `version`: its user agent and its client hints. Playwright's
 * `userAgent` alone leaves `navigator.userAgentData` naming the real, current Chromium, which the console
 * trusts first, as it should.
 */
async function pageAsChrome(world: World, version: string): Promise<Page> {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`
  const context = await world.newContext({ userAgent })
  const page = await context.newPage()
  const major = version.split('.')[0] as string
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setUserAgentOverride', {
    userAgent,
    acceptLanguage: 'en-US',
    userAgentMetadata: {
      brands: [
        { brand: ' Not A;Brand', version: '99' },
        { brand: 'Chromium', version: major },
        { brand: 'Google Chrome', version: major },
      ],
      fullVersion: version,
      platform: 'Linux',
      platformVersion: '',
      architecture: 'x86',
      model: '',
      mobile: false,
    },
  })
  return page
}

describe('the browser-compatibility banner', () => {
  const world = freshWorld()

  it('warns a Chrome 98 of known vulnerabilities, and a Chrome 105 that it is out of date', async () => {
    // SPEC §8: vulnerable below 99.0.4844.84, deprecated up to 110.
    const old = await pageAsChrome(world, '98.0.4758.102')
    const errors = collectErrors(old)
    await signIn(old, world.server.url, 'ana@demo.test')
    const vulnerable = old.locator(inConsole('[data-banner="browser"][variant="danger"]'))
    await vulnerable
      .filter({ hasText: 'Your browser has known security vulnerabilities. Update it now.' })
      .waitFor()
    // A real alert (loaded on demand: it was plain text once, with no close button): closed, it is gone.
    await vulnerable.locator('[part~="close-button"]').click()
    await vulnerable.waitFor({ state: 'detached' })

    const outdated = await pageAsChrome(world, '105.0.5195.125')
    await signIn(outdated, world.server.url, 'bruno@demo.test')
    await outdated
      .locator(inConsole('[data-banner="browser"][variant="warning"]'))
      .filter({
        hasText:
          'Your browser is out of date and parts of the console may not work. Update it or switch to a current browser.',
      })
      .waitFor()
    assert.deepEqual(errors, [])
  })
})

describe('the inbound modal of an invitation and of a transfer to a segment', () => {
  // Carla turns the invitation down and is rung for the same call right after: no cool-down between.
  const world = freshWorld({
    TIMERS: JSON.stringify({ ringTimeoutMs: 30_000, offerCooldownMs: 0, segmentTransferEndMs: 300_000 }),
  })

  it('names the inviting agent on an invitation, and the previous and new segment on a transferred call', async () => {
    const { server } = world
    const elena = await agentOnline(await world.newContext(), server, 'elena@demo.test')
    await customerCalls(await world.newContext(), server, 'Sales', 'Ines Inbound')
    await answer(elena.page)
    // Carla serves Support and Billing, not Sales: she is rung only as invited, or by the transfer.
    const carla = await agentOnline(await world.newContext(), server, 'carla@demo.test')
    const modal = carla.page.locator(inConsole('dialog.inbound-modal[open]'))

    await elena.page.click(inConsole('.menu-invite'))
    await elena.page
      .locator(inConsole('.invite-dialog tr'))
      .filter({ hasText: 'Carla' })
      .locator('sl-button')
      .click()
    await elena.page.click(inConsole('.confirm-invite'))
    await modal.waitFor()
    assert.equal((await modal.locator('h2').textContent())?.trim(), 'Invitation')
    const invitation = (await modal.locator('.inbound-details').innerText()).replace(/\s+/g, ' ')
    assert.match(invitation, /Invited by Elena/)
    assert.doesNotMatch(invitation, /Segment|Transfer/)
    await Promise.all([
      toastShown(elena.page, 'rejected the invitation'),
      carla.page.click(inConsole('.dismiss-button')),
    ])
    await modal.waitFor({ state: 'detached' })

    await elena.page.click(inConsole('.menu-transfer'))
    await elena.page
      .locator(inConsole('.transfer-dialog tr'))
      .filter({ hasText: 'Billing' })
      .locator('sl-button')
      .click()
    await elena.page.click(inConsole('.confirm-transfer'))
    await modal.waitFor()
    assert.equal((await modal.locator('h2').textContent())?.trim(), 'Inbound call')
    const transferred = (await modal.locator('.inbound-details').innerText()).replace(/\s+/g, ' ')
    assert.match(transferred, /Segment Billing/)
    // SPEC §2: "previous segment -> new segment" on a transfer line (the server rings a segment transfer as
    // `inbound` with `transferred.segment`; the modal drew the previous segment's line instead, found here).
    assert.match(transferred, /Transfer Sales → Billing/)
    assert.doesNotMatch(transferred, /Previous segment/)
    assert.doesNotMatch(transferred, /Invited by/)
  })
})

/**
 * A fixed-offset zone where it is about noon now: the seeded appointments of the last hours and of the
 * next hour (server/store/seed.ts) are then on today's grid, whatever the time of the run.
 */
function noonZone(): string {
  const offset = 12 - new Date().getUTCHours()
  // Etc/GMT's sign is inverted: Etc/GMT-5 is UTC+5.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

describe('a past appointment', () => {
  const world = freshWorld()

  it('is marked Ended on the grid and opens read-only: it cannot be rescheduled, canceled or saved', async () => {
    const page = await (await world.newContext({ timezoneId: noonZone() })).newPage()
    const errors = collectErrors(page)
    await signIn(page, world.server.url, 'ana@demo.test')
    // Marta Gomez's appointment ended about three hours ago; Tomas Muñoz's starts within the quarter hour.
    const past = page.locator(inConsole('.calendar-area .fc-event'), { hasText: 'Marta Gomez' })
    const coming = page.locator(inConsole('.calendar-area .fc-event'), { hasText: 'Tomas Muñoz' })
    await past.waitFor()
    await coming.waitFor()
    assert.match((await past.getAttribute('class')) ?? '', /\bis-past\b/)
    assert.equal(await past.locator('.appointment-ended').isVisible(), true)
    // Shown in capitals (CSS): its text is the word itself.
    assert.equal(await past.locator('.appointment-ended').textContent(), 'Ended')
    assert.doesNotMatch((await coming.getAttribute('class')) ?? '', /\bis-past\b/)
    assert.equal(await coming.locator('.appointment-ended').isVisible(), false)

    const drawer = page.locator(inConsole('.appointment-drawer'))
    await past.click()
    await drawer.locator('.detail-title', { hasText: 'Marta Gomez' }).waitFor()
    await drawer
      .locator('.notice-readonly')
      .filter({ hasText: 'This appointment is over: it can no longer be changed.' })
      .waitFor()
    await drawer.locator('sl-tab[panel="reschedule"][disabled]').waitFor()
    await drawer.locator('sl-tab[panel="cancel"][disabled]').waitFor()
    await drawer.locator('.drawer-footer .save[disabled]').waitFor()
    await drawer
      .locator('.join-reason')
      .filter({ hasText: 'It can no longer be joined: more than 30 minutes have passed since the end.' })
      .waitFor()
    assert.equal(await drawer.locator('.reschedule-slot, .appointment-cancel').count(), 0)

    // The coming one, for contrast: the same drawer lets the agent reschedule and cancel it.
    await drawer.locator('.drawer-footer .close').click()
    await coming.click()
    await drawer.locator('.detail-title', { hasText: 'Tomas Muñoz' }).waitFor()
    await drawer.locator('sl-tab[panel="reschedule"]:not([disabled])').waitFor()
    assert.equal(await drawer.locator('.notice-readonly').count(), 0)
    assert.deepEqual(errors, [])
  })
})
