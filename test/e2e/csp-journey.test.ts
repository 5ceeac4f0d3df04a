import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { RunningServer } from './support/server'
import { agentOnline, customerCalls, customerScreen, inConsole, playsFrames } from './support/console-page'
import { cspViolations, watchCsp } from './support/csp'
import { freshWorld } from './support/world'

/** What the server's report-uri received (dev endpoint). */
async function serverReports(server: RunningServer): Promise<unknown[]> {
  const response = await fetch(`${server.url}/api/dev/csp-reports`)
  assert.equal(response.status, 200)
  return ((await response.json()) as { data: unknown[] }).data
}

describe('the agent journey under the Content-Security-Policy', () => {
  const world = freshWorld({ TIMERS: JSON.stringify({ ringTimeoutMs: 30_000 }) })

  it('logs in, connects, goes available, answers a call, hangs up and shows the calendar with 0 violations', async () => {
    const server = world.server
    const context = await world.newContext()
    await watchCsp(context)
    const customerContext = await world.newContext()
    await watchCsp(customerContext)
    // The policy the pages are served with: no inline script, no eval.
    const policy = (await fetch(server.url)).headers.get('content-security-policy') ?? ''
    assert.match(policy, /script-src 'self';/)
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/)
    const agent = await agentOnline(context, server, 'ana@demo.test')
    const customer = await customerCalls(customerContext, server, 'Sales', 'Carmen CSP')
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
    const server = world.server
    const context = await world.newContext()
    await watchCsp(context)
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
