import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { freshWorld } from './support/world'
import { agentOnline, customerCalls, customerScreen, inConsole } from './support/console-page'

const WAIT = { timeout: 20_000 }

/** Chooses an entry of the apps view's Actions menu. */
async function act(page: Page, action: 'start' | 'restart' | 'stop'): Promise<void> {
  await page.click(inConsole('.app-actions-trigger'))
  await page.click(inConsole(`.app-action-${action}`))
}

/** The text of a scan panel's stage badge. */
function stageOf(page: Page, scan: 'document' | 'fingerprint') {
  return page.locator(inConsole(`.scan-${scan} .stage-badge`))
}

/** Waits until an image of the console decodes to a real picture (a data URL decodes asynchronously). */
async function decoded(page: Page, selector: string): Promise<void> {
  const image = await page.locator(inConsole(selector)).elementHandle(WAIT)
  await page.waitForFunction(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
    image,
    WAIT,
  )
}

describe('an agent drives the customer’s device app from the call', () => {
  const world = freshWorld({ TIMERS: JSON.stringify({ ringTimeoutMs: 30_000 }) })

  it('starts the app, sees its devices and both scans, a failed stage, then restarts and stops it', async () => {
    const agent = await agentOnline(await world.newContext(), world.server, 'ana@demo.test')
    // Sales runs the onboarding kit: the customer page plays it.
    const customer = await customerCalls(await world.newContext(), world.server, 'Sales', 'Paula Prueba')
    const { page } = agent
    await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
    await page.click(inConsole('.answer-button'))
    await page.locator(inConsole('.call-area')).waitFor(WAIT)
    await customerScreen(customer.page, 'call')
    await customer.page.locator('#device-app').waitFor(WAIT)

    await page.click(inConsole('.menu-custom-apps'))
    await page.locator(inConsole('.apps-view')).waitFor(WAIT)
    assert.equal(await page.locator(inConsole('.apps-view h3')).textContent(), 'Onboarding kit')
    assert.equal(await stageOf(page, 'document').textContent(), 'Stage not started')

    await act(page, 'start')
    await page.locator(inConsole('.app-process[data-state="running"]')).waitFor(WAIT)
    await page.locator(inConsole('.app-device[data-state="active"]')).nth(2).waitFor(WAIT)
    assert.equal(await page.locator(inConsole('.app-device[data-state="active"]')).count(), 3)
    await page.locator(inConsole('.app-log-text')).filter({ hasText: 'Process started' }).waitFor(WAIT)
    assert.deepEqual(await customer.page.evaluate(() => window.customerState.app.commands), ['start'])

    await customer.page.click('#scan-document')
    await stageOf(page, 'document').filter({ hasText: 'Stage 3: completed' }).waitFor(WAIT)
    const fields = page.locator(inConsole('.document-fields'))
    assert.match((await fields.textContent()) ?? '', /SurnamePrueba/)
    assert.match((await fields.textContent()) ?? '', /Given namesPaula/)
    await decoded(page, '.document-image')

    await customer.page.click('#scan-fingerprint')
    await stageOf(page, 'fingerprint').filter({ hasText: 'Stage 3: completed' }).waitFor(WAIT)
    assert.match(
      (await page.locator(inConsole('.fingerprint-quality')).textContent()) ?? '',
      /^\d{2} \/ 100$/,
    )
    await decoded(page, '.fingerprint-image')

    await customer.page.click('#fail-document')
    const failed = stageOf(page, 'document').filter({ hasText: 'Stage 0: failed' })
    await failed.waitFor(WAIT)
    const background = await failed.evaluate((badge) => getComputedStyle(badge).backgroundColor)
    const [red, green, blue] = (background.match(/\d+/g) ?? []).map(Number) as [number, number, number]
    assert.ok(red > 120 && green < 80 && blue < 80, `a failed stage shows in ${background}, not red`)
    await page.locator(inConsole('.document-fields')).waitFor({ state: 'detached', ...WAIT })
    assert.equal(await page.locator(inConsole('.document-image')).count(), 0)
    // The fingerprint keeps its results.
    assert.equal(await page.locator(inConsole('.fingerprint-image')).count(), 1)

    await act(page, 'restart')
    await page.locator(inConsole('.app-log-text')).filter({ hasText: 'Process restarted' }).waitFor(WAIT)
    await page.locator(inConsole('.app-actions-trigger')).filter({ hasText: 'Actions' }).waitFor(WAIT)
    assert.equal(await page.locator(inConsole('.app-process')).textContent(), 'Running')

    await act(page, 'stop')
    await page.locator(inConsole('.app-process[data-state="stopped"]')).waitFor(WAIT)
    await page.locator(inConsole('.app-device[data-state="disabled"]')).nth(2).waitFor(WAIT)
    assert.equal(await page.locator(inConsole('.app-problem')).count(), 0)
    assert.equal(await customer.page.locator('#device-app-process').textContent(), 'stopped')
    assert.deepEqual(await customer.page.evaluate(() => window.customerState.app.commands), [
      'start',
      'restart',
      'stop',
    ])
    assert.deepEqual(agent.errors, [])
    assert.deepEqual(customer.errors, [])
  })
})
