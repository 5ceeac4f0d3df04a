import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { currentTotp } from '../../server/auth/totp'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { collectErrors } from './support/browser'
import { inConsole, passStartup } from './support/console-page'
import { freshWorld } from './support/world'

const EMAIL = 'bruno@demo.test'

/** Fills the login form; `otp` once the server has asked for the code. */
async function logIn(page: Page, otp?: string): Promise<void> {
  if (otp === undefined) {
    await page.fill(inConsole('input[name=email]'), EMAIL)
    await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
    await page.check(inConsole('input[name=agreement]'))
  } else {
    await page.fill(inConsole('input[name=otp]'), otp)
  }
  await page.click(inConsole('button[type=submit]'))
}

/** Opens the 2FA page by its address, as an agent following a link does. */
async function openTwoFactor(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/profile/2fa`)
  await passStartup(page)
  await page.locator(inConsole('.two-factor-page .card')).first().waitFor()
}

async function logOut(page: Page): Promise<void> {
  await page.click(inConsole('header button:has-text("Log out")'))
  await page.locator(inConsole('input[name=email]')).waitFor()
}

describe('an agent turns two-factor authentication on and off', () => {
  const world = freshWorld()

  it('enables 2FA from the QR setup, logs in with a TOTP code, then a backup code, and disables it', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    const failed: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400)
        failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`)
    })
    await page.goto(world.server.url)
    await logIn(page)
    await passStartup(page)
    await openTwoFactor(page, world.server.url)

    await page.click(inConsole('button:has-text("Set up two-factor authentication")'))
    await page.locator(inConsole('svg.qr-code')).waitFor()
    // What the agent's app reads from the QR code is the otpauth URI, shown as text too.
    await page.click(inConsole('.setup-uri summary'))
    const uri = new URL((await page.locator(inConsole('.setup-uri .uri')).textContent()) ?? '')
    assert.equal(uri.protocol, 'otpauth:')
    const secret = uri.searchParams.get('secret') ?? ''
    assert.match(secret, /^[A-Z2-7]+$/)
    const shownSecret = (await page.locator(inConsole('.secret')).textContent())?.replace(/\s/g, '')
    assert.equal(shownSecret, secret)

    await page.fill(inConsole('#setup-code'), currentTotp(secret, Date.now()))
    await page.click(inConsole('button:has-text("Turn on")'))
    await page.locator(inConsole('.code-list')).waitFor()
    const codes = await page.locator(inConsole('.code-list code')).allTextContents()
    assert.equal(codes.length, 10)
    assert.ok(await page.locator(inConsole('button:has-text("Done")')).isDisabled())
    await page.check(inConsole('.checkbox input'))
    await page.click(inConsole('button:has-text("Done")'))
    await page.locator(inConsole('.codes-left')).filter({ hasText: '10 backup codes left.' }).waitFor()

    await logOut(page)
    await logIn(page)
    await page.locator(inConsole('input[name=otp]')).waitFor()
    // The enabling code spent the current 30 s step: the app's next code (one step ahead is accepted).
    await logIn(page, currentTotp(secret, Date.now() + 30_000))
    await passStartup(page)

    await logOut(page)
    await logIn(page)
    await logIn(page, codes[0])
    await passStartup(page)

    await openTwoFactor(page, world.server.url)
    await page.locator(inConsole('.codes-left')).filter({ hasText: '9 backup codes left.' }).waitFor()
    await page.fill(inConsole('#disable-code'), codes[1] ?? '')
    await page.fill(inConsole('#disable-password'), DEMO_PASSWORD)
    await page.click(inConsole('button:has-text("Turn off")'))
    await page
      .locator(inConsole('[role=status]'))
      .filter({ hasText: 'Two-factor authentication is disabled.' })
      .waitFor()

    // Without 2FA the password alone signs in again.
    await logOut(page)
    await logIn(page)
    await passStartup(page)
    // What the browser saw fail, each expected: each login asks for the code (412). A page opened without a
    // session no longer asks check-token with no token (it renews first, or shows the login). The 2FA page,
    // still mounted when the agent logs out, may ask once more (401) before the login screen replaces it.
    assert.deepEqual(
      failed.filter((line) => line !== '401 GET /api/auth/2fa'),
      ['412 POST /api/auth/login', '412 POST /api/auth/login'],
    )
    assert.ok(failed.filter((line) => line === '401 GET /api/auth/2fa').length <= 1)
    // The browser logs each of them as a failed resource, and nothing else.
    assert.deepEqual(
      errors.filter((error) => !/status of (401|412)/.test(error)),
      [],
    )
    assert.equal(errors.length, failed.length)
  })
})
