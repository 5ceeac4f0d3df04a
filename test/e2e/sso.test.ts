import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { collectErrors } from './support/browser'
import { inConsole, passStartup } from './support/console-page'
import { freshWorld } from './support/world'
import { DEMO_PASSWORD } from '../../server/store/seed-content'

describe('enterprise SSO in the browser, through the local OpenID Connect provider', () => {
  // The demo's identity provider, as `npm start` runs it (the other tests' servers start none).
  const world = freshWorld({ DEMO_SSO: '1' })

  it('signs the SSO agent in at the provider and lands in the console, the refresh token out of reach', async () => {
    const server = world.server
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    await page.goto(server.url)
    await page.click(inConsole('button:has-text("Enterprise SSO")'))
    await page.fill(inConsole('input[name=email]'), 'sso@demo.test')
    await page.check(inConsole('input[name=agreement]'))
    await page.click(inConsole('button[type=submit]'))

    // The provider's own page, on its own origin.
    await page.waitForURL(/\/interaction\//, { timeout: 20_000 })
    assert.notEqual(new URL(page.url()).origin, new URL(server.url).origin)
    // On its way there the browser took the binding of this login (HttpOnly: no script sees it).
    const binding = (await page.context().cookies()).find((cookie) => cookie.name === 'agent_sso')
    assert.ok(binding?.httpOnly, 'the SSO binding cookie, HttpOnly')
    await page.fill('input[name=email]', 'sso@demo.test')
    await page.fill('input[name=password]', DEMO_PASSWORD)
    await page.click('button[type=submit]')

    // Back through the callback to a one-time claim, then the console's camera check and shell.
    await passStartup(page)
    await page.locator(inConsole('.status-trigger')).waitFor({ timeout: 20_000 })
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    assert.doesNotMatch(stored, /eyJ/, 'no token in Web Storage')
    assert.equal(await page.evaluate(() => document.cookie.includes('agent_refresh')), false)
    assert.deepEqual(errors, [])
  })

  it('stays on the provider page with a wrong password', async () => {
    const server = world.server
    const page = await (await world.newContext()).newPage()
    await page.goto(server.url)
    await page.click(inConsole('button:has-text("Enterprise SSO")'))
    await page.fill(inConsole('input[name=email]'), 'sso@demo.test')
    await page.check(inConsole('input[name=agreement]'))
    await page.click(inConsole('button[type=submit]'))
    await page.waitForURL(/\/interaction\//, { timeout: 20_000 })
    await page.fill('input[name=email]', 'sso@demo.test')
    await page.fill('input[name=password]', 'not the password')
    await page.click('button[type=submit]')
    await page.locator('[role=alert]').filter({ hasText: 'Wrong email or password' }).waitFor()
    assert.match(page.url(), /\/interaction\//)
  })
})
