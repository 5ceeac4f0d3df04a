import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startServer, type RunningServer } from './support/server'
import { launchBrowser } from './support/browser'
import {
  agentOnline,
  customerCalls,
  customerScreen,
  distSnapshot,
  inConsole,
  playsFrames,
} from './support/console-page'
import { cspViolations, watchCsp } from './support/csp'

/** What the server's report-uri received (dev endpoint). */
async function serverReports(server: RunningServer): Promise<unknown[]> {
  const response = await fetch(`${server.url}/api/dev/csp-reports`)
  assert.equal(response.status, 200)
  return ((await response.json()) as { data: unknown[] }).data
}

describe('the agent journey under the Content-Security-Policy', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext

  before(async () => {
    server = await startServer({
      TIMERS: JSON.stringify({ ringTimeoutMs: 30_000 }),
      DIST_DIR: await distSnapshot(),
    })
    browser = await launchBrowser()
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    await watchCsp(context)
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('logs in, connects, goes available, answers a call, hangs up and shows the calendar with 0 violations', async () => {
    // The policy the pages are served with: no inline script, no eval.
    const policy = (await fetch(server.url)).headers.get('content-security-policy') ?? ''
    assert.match(policy, /script-src 'self';/)
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/)
    const agent = await agentOnline(context, server, 'ana@demo.test')
    const customer = await customerCalls(browser, server, 'Sales', 'Carmen CSP')
    await watchCspOn(customer.page)
    await agent.page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
    await agent.page.click(inConsole('.answer-button'))
    await agent.page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
    await customerScreen(customer.page, 'call')
    await playsFrames(agent.page, inConsole('.main-video video'))

    await agent.page.click(inConsole('.hangup-button'))
    await agent.page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
    await customerScreen(customer.page, 'ended')

    // The calendar (FullCalendar adds a <style> to the shadow root: it must carry the nonce).
    await agent.page.locator(inConsole('.calendar-area .fc-timegrid')).first().waitFor({ timeout: 20_000 })
    await agent.page.locator(inConsole('.calendar-area .fc-event')).first().waitFor({ timeout: 20_000 })
    const calendarStyled = await agent.page
      .locator(inConsole('.calendar-area .fc'))
      .first()
      .evaluate((element) => getComputedStyle(element).display)
    assert.equal(calendarStyled, 'flex', "FullCalendar's own CSS applies")

    assert.deepEqual(await cspViolations(agent.page), [])
    assert.deepEqual(await cspViolations(customer.page), [])
    assert.deepEqual(await serverReports(server), [])
    assert.deepEqual(agent.errors, [])
  })

  it('does count a violation (the watch works): a <style> without the nonce is refused and reported', async () => {
    const page = await context.newPage()
    await page.goto(`${server.url}/demo/policies.html`)
    await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { color: red }'
      document.head.append(style)
    })
    await page.waitForFunction(
      () => (window as unknown as { __csp: unknown[] }).__csp.length > 0,
      undefined,
      {
        timeout: 10_000,
      },
    )
    assert.equal((await cspViolations(page)).length, 1)
    // The browser posts the report on its own schedule: ask the server until it has it (10 s at most).
    const deadline = Date.now() + 10_000
    let reports = await serverReports(server)
    while (reports.length === 0 && Date.now() < deadline) reports = await serverReports(server)
    assert.equal(reports.length, 1)
  })
})

/** The customer page was opened in another context: watch it too (already loaded, so hook it now). */
async function watchCspOn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = ((window as unknown as { __csp?: unknown[] }).__csp ??= [])
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
}
