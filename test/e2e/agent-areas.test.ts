import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { startServer, type RunningServer } from './support/server'
import { collectErrors, launchBrowser } from './support/browser'
import {
  agentOnline,
  customerCalls,
  customerScreen,
  distSnapshot,
  inConsole,
  type WatchedPage,
} from './support/console-page'

const RING_MS = 8_000

/** Goes to a page of the console as the agent does: its bottom-menu entry, then a profile entry. */
async function openMenu(page: Page, entry: string, profileEntry?: string): Promise<void> {
  await page.locator(inConsole('.bottom-menu a')).filter({ hasText: entry }).click()
  if (profileEntry) await page.click(inConsole(`.profile-menu [data-entry="${profileEntry}"]`))
}

/** Answers the ringing call and waits for the call area. */
async function answer(page: Page): Promise<void> {
  await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
}

/** Hangs up and waits for the console to be back on its pages. */
async function hangUp(page: Page): Promise<void> {
  await page.click(inConsole('.hangup-button'))
  await page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
}

/** The figures of the metrics page (today), by name. */
async function figures(page: Page): Promise<Record<string, number>> {
  await openMenu(page, 'Profile', 'metrics')
  await page.locator(inConsole('[data-figure="answered"] dd')).waitFor({ timeout: 15_000 })
  const found: Record<string, number> = {}
  for (const key of ['answered', 'missed', 'transferred'])
    found[key] = Number(await page.locator(inConsole(`[data-figure="${key}"] dd`)).textContent())
  return found
}

/** The history's rows as [customer, outcome] pairs. */
async function historyRows(page: Page): Promise<string[][]> {
  const rows = page.locator(inConsole('.history-table tbody tr'))
  const found: string[][] = []
  for (const row of await rows.all()) {
    const cells = await row.locator('td').allTextContents()
    found.push([(await row.locator('.call-link').textContent()) ?? '', cells[4]?.trim() ?? ''])
  }
  return found
}

describe('the agent’s own areas after a day of calls', () => {
  let server: RunningServer
  let browser: Browser
  let ana: WatchedPage
  let bruno: WatchedPage
  // The demo seeds a few calls of Ana's: the metrics are compared with what they said before.
  let baseline: Record<string, number>

  before(async () => {
    server = await startServer({
      TIMERS: JSON.stringify({ ringTimeoutMs: RING_MS, offerCooldownMs: 120_000 }),
      DIST_DIR: await distSnapshot(),
    })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('plays the ringtone the agent just chose on the next ring', async () => {
    ana = await agentOnline(browser, server, 'ana@demo.test')
    baseline = await figures(ana.page)
    await openMenu(ana.page, 'Profile', 'settings')
    await ana.page.click(inConsole('.ringtone-list input[value="marimba"]'))
    await ana.page.locator(inConsole('.save-status')).filter({ hasText: 'Marimba will ring' }).waitFor()

    const customer = await customerCalls(browser, server, 'Sales', 'Alice Answered')
    const modal = ana.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor({ timeout: 30_000 })
    assert.equal(await modal.getAttribute('data-ringtone'), 'marimba')

    await answer(ana.page)
    await customerScreen(customer.page, 'call')
    await customer.page.fill('#chat-form input', 'Hello from Alice')
    await customer.page.press('#chat-form input', 'Enter')
    await ana.page.locator(inConsole('.menu-chat sl-badge')).filter({ hasText: '1' }).waitFor()
    await ana.page.click(inConsole('.tags-field'))
    await ana.page.click(inConsole('.tags-field sl-option[value]:has-text("Sale")'))
    await ana.page.keyboard.press('Escape')
    await ana.page.locator(inConsole('.tags-field sl-tag')).filter({ hasText: 'Sale' }).waitFor()
    await hangUp(ana.page)
    await customerScreen(customer.page, 'ended')
  })

  it('transfers a second call to another agent', async () => {
    bruno = await agentOnline(browser, server, 'bruno@demo.test')
    // Support: only Ana of the two serves it.
    await customerCalls(browser, server, 'Support', 'Tom Transferred')
    await answer(ana.page)
    await ana.page.click(inConsole('.menu-transfer'))
    await ana.page.click(inConsole('.transfer-dialog sl-tab[panel="agents"]'))
    const row = ana.page.locator(inConsole('.transfer-dialog tr')).filter({ hasText: 'Bruno' })
    await row.locator('sl-button').click()
    await ana.page.click(inConsole('.confirm-transfer'))
    await answer(bruno.page)
    await ana.page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
  })

  it('misses a third call that rings out', async () => {
    const modal = ana.page.locator(inConsole('dialog.inbound-modal[open]'))
    // Watching before the customer calls: the ring may come before the customer page says it is queued.
    const rang = modal.waitFor({ timeout: 60_000 })
    const customer = await customerCalls(browser, server, 'Support', 'Mia Missed')
    await rang
    await modal.waitFor({ state: 'detached', timeout: RING_MS + 20_000 })
    await customer.page.click('#leave-queue')
    await customerScreen(customer.page, 'ended')
  })

  it('lists all three in the history with their outcomes; the answered one shows its chat and tag', async () => {
    await openMenu(ana.page, 'History')
    await ana.page.locator(inConsole('.history-table tbody tr')).nth(2).waitFor({ timeout: 15_000 })
    const rows = await historyRows(ana.page)
    const ours = rows.filter(([name]) =>
      ['Alice Answered', 'Tom Transferred', 'Mia Missed'].includes(name ?? ''),
    )
    assert.deepEqual(ours, [
      ['Mia Missed', 'Missed'],
      ['Tom Transferred', 'Transferred'],
      ['Alice Answered', 'Answered'],
    ])
    await ana.page.locator(inConsole('.call-link')).filter({ hasText: 'Alice Answered' }).click()
    const chat = ana.page.locator(inConsole('[data-section="chat"]'))
    await chat.filter({ hasText: 'Hello from Alice' }).waitFor({ timeout: 15_000 })
    await ana.page.locator(inConsole('[data-section="notes"] .tag')).filter({ hasText: 'Sale' }).waitFor()
    // Back returns to the list.
    await ana.page.goBack()
    await ana.page.locator(inConsole('.history-table')).waitFor()
  })

  it('counts them in the metrics of the day', async () => {
    const after = await figures(ana.page)
    assert.deepEqual(
      {
        answered: (after.answered ?? 0) - (baseline.answered ?? 0),
        missed: (after.missed ?? 0) - (baseline.missed ?? 0),
        transferred: (after.transferred ?? 0) - (baseline.transferred ?? 0),
      },
      { answered: 2, missed: 1, transferred: 1 },
    )
    await ana.page.locator(inConsole('canvas')).first().waitFor({ timeout: 15_000 })
  })

  it('rings only this agent from her personal link', async () => {
    await openMenu(ana.page, 'Utilities')
    await ana.page.selectOption(inConsole('#personal-link-segment'), { label: 'Sales' })
    await ana.page.click(inConsole('.generate-link'))
    const url = ana.page.locator(inConsole('.link-url'))
    await url.waitFor({ timeout: 15_000 })
    const link = (await url.inputValue()).replace('127.0.0.1', 'localhost')
    assert.match(link, /\/customer\.html\?link=[A-Za-z0-9_-]{24}$/)

    // Bruno serves Sales too and is available: a plain Sales call could ring him; this one must not.
    const customer = await browser.newPage({ locale: 'en-US' })
    const customerErrors = collectErrors(customer)
    await customer.goto(link)
    await customer.locator('#title').filter({ hasText: 'Call Ana Alvarez' }).waitFor()
    await customer.fill('input[name=name]', 'Lina Link')
    await customer.click('#call-button')
    const modal = ana.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor({ timeout: 30_000 })
    assert.match((await modal.textContent()) ?? '', /Sales/)
    assert.equal(await bruno.page.locator(inConsole('dialog.inbound-modal[open]')).count(), 0)
    await ana.page.click(inConsole('.dismiss-button'))
    await customerScreen(customer, 'ended')
    assert.match((await customer.locator('#ended-message').textContent()) ?? '', /not available/)
    assert.equal(await bruno.page.locator(inConsole('dialog.inbound-modal[open]')).count(), 0)
    assert.deepEqual(customerErrors, [])
  })

  it('clears the badge when the notifications are marked read', async () => {
    const badge = ana.page.locator(inConsole('.bottom-menu .badge'))
    await badge.waitFor()
    assert.equal(await badge.textContent(), '2')
    await openMenu(ana.page, 'Profile', 'notifications')
    await ana.page.locator(inConsole('.notification-list li')).first().waitFor({ timeout: 15_000 })
    await ana.page.click(inConsole('.mark-all'))
    await badge.waitFor({ state: 'detached', timeout: 15_000 })
    await ana.page.locator(inConsole('.notification-list li[data-unread="true"]')).first().waitFor({
      state: 'detached',
    })
    assert.deepEqual(ana.errors, [])
    assert.deepEqual(bruno.errors, [])
  })
})
