import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { DiagnosticBundle } from '../../src/services/diagnostics'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { collectErrors } from './support/browser'
import { freshWorld } from './support/world'
import { startServer } from './support/server'
import {
  agentOnline,
  customerCalls,
  customerScreen,
  distSnapshot,
  inConsole,
  toastShown,
  type WatchedPage,
} from './support/console-page'

/**
 * Rings last 30 s: an agent who answers has the time to on a loaded machine, and the one call that
 * rings out is followed by what it leaves behind (the timeout's toast, watched for from before the
 * call), never by how long a ring is.
 */
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000, offerCooldownMs: 120_000 })
const RINGING = inConsole('dialog.inbound-modal[open]')

/** Goes to a page of the console as the agent does: its bottom-menu entry, then a profile entry. */
async function openMenu(page: Page, entry: string, profileEntry?: string): Promise<void> {
  await page.locator(inConsole('.bottom-menu a')).filter({ hasText: entry }).click()
  if (profileEntry) await page.click(inConsole(`.profile-menu [data-entry="${profileEntry}"]`))
}

/** Answers the ringing call and waits for the call area. */
async function answer(page: Page): Promise<void> {
  await page.locator(RINGING).waitFor()
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor()
}

/** Hangs up and waits for the console to be back on its pages. */
async function hangUp(page: Page): Promise<void> {
  await page.click(inConsole('.hangup-button'))
  await page.locator(inConsole('.call-area')).waitFor({ state: 'detached' })
}

/** The figures of the metrics page (today), by name. */
async function figures(page: Page): Promise<Record<string, number>> {
  await openMenu(page, 'Profile', 'metrics')
  await page.locator(inConsole('[data-figure="answered"] dd')).waitFor()
  const found: Record<string, number> = {}
  for (const key of ['answered', 'missed', 'transferred'])
    found[key] = Number(await page.locator(inConsole(`[data-figure="${key}"] dd`)).textContent())
  return found
}

/**
 * The history's rows as [customer, outcome] pairs, read in one pass once the table has loaded: read
 * row by row, a re-render between two reads could pair one row's name with another's outcome.
 */
async function historyRows(page: Page): Promise<string[][]> {
  await page.locator(inConsole('.history-table[aria-busy="false"]')).waitFor()
  return page
    .locator(inConsole('.history-table tbody tr'))
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('.call-link')?.textContent ?? '',
        row.querySelectorAll('td')[4]?.textContent?.trim() ?? '',
      ]),
    )
}

/** Ana picks a ringtone on the settings page; resolves once the console says it is saved. */
async function chooseRingtone(page: Page, tone: string, label: string): Promise<void> {
  await openMenu(page, 'Profile', 'settings')
  await page.click(inConsole(`.ringtone-list input[value="${tone}"]`))
  await page
    .locator(inConsole('.save-status'))
    .filter({ hasText: `${label} will ring` })
    .waitFor()
}

describe('the agent’s own areas', () => {
  const world = freshWorld({ TIMERS })

  it('plays the ringtone the agent just chose on the next ring', async () => {
    const { server } = world
    const ana = await agentOnline(await world.newContext(), server, 'ana@demo.test')
    await chooseRingtone(ana.page, 'marimba', 'Marimba')

    const customer = await customerCalls(await world.newContext(), server, 'Sales', 'Rita Ringtone')
    const modal = ana.page.locator(RINGING)
    await modal.waitFor()
    // The name of the tone the synthesizer plays for this ring.
    assert.equal(await modal.getAttribute('data-ringtone'), 'marimba')
    await ana.page.click(inConsole('.dismiss-button'))
    await modal.waitFor({ state: 'detached' })

    // Changed again between two rings: the next ring plays the new one.
    await chooseRingtone(ana.page, 'dodo', 'Dodo')
    await customer.page.click('#leave-queue')
    await customerScreen(customer.page, 'ended')
    const next = await customerCalls(await world.newContext(), server, 'Support', 'Rita Again')
    await modal.waitFor()
    assert.equal(await modal.getAttribute('data-ringtone'), 'dodo')
    await answer(ana.page)
    await customerScreen(next.page, 'call')
    assert.deepEqual(ana.errors, [])
  })

  it('after an answered, a transferred and a missed call: History lists them, Metrics counts them', async () => {
    const { server } = world
    const ana = await agentOnline(await world.newContext(), server, 'ana@demo.test')
    // The demo seeds a few calls of Ana's today: the metrics are compared with what they said before.
    const baseline = await figures(ana.page)

    // 1. Answered: Alice chats, Ana tags the call "Sale".
    const alice = await customerCalls(await world.newContext(), server, 'Sales', 'Alice Answered')
    await answer(ana.page)
    await customerScreen(alice.page, 'call')
    await alice.page.fill('#chat-form input', 'Hello from Alice')
    await alice.page.press('#chat-form input', 'Enter')
    await ana.page.locator(inConsole('.menu-chat sl-badge')).filter({ hasText: '1' }).waitFor()
    await ana.page.click(inConsole('.tags-field'))
    await ana.page.click(inConsole('.tags-field sl-option[value]:has-text("Sale")'))
    await ana.page.keyboard.press('Escape')
    await ana.page.locator(inConsole('.tags-field sl-tag')).filter({ hasText: 'Sale' }).waitFor()
    await hangUp(ana.page)
    await customerScreen(alice.page, 'ended')

    // 2. Transferred: Tom calls Support (Ana's only), Ana hands him to Bruno.
    const bruno = await agentOnline(await world.newContext(), server, 'bruno@demo.test')
    await customerCalls(await world.newContext(), server, 'Support', 'Tom Transferred')
    await answer(ana.page)
    await ana.page.click(inConsole('.menu-transfer'))
    await ana.page.click(inConsole('.transfer-dialog sl-tab[panel="agents"]'))
    const row = ana.page.locator(inConsole('.transfer-dialog tr')).filter({ hasText: 'Bruno' })
    await row.locator('sl-button').click()
    await ana.page.click(inConsole('.confirm-transfer'))
    await answer(bruno.page)
    await ana.page.locator(inConsole('.call-area')).waitFor({ state: 'detached' })

    // 3. Missed: Mia's call rings out at Ana. The console's timeout note is what proves it, watched
    // for from before Mia calls: however long the ring, neither it nor the note can pass unseen.
    const rang = ana.page.locator(RINGING).waitFor({ timeout: 60_000 })
    const timedOut = toastShown(ana.page, 'You did not answer the call in time', 90_000)
    const mia = await customerCalls(await world.newContext(), server, 'Support', 'Mia Missed')
    await rang
    await timedOut
    await ana.page.locator(RINGING).waitFor({ state: 'detached' })
    await mia.page.click('#leave-queue')
    await customerScreen(mia.page, 'ended')

    await openMenu(ana.page, 'History')
    await ana.page.locator(inConsole('.history-table tbody tr')).nth(2).waitFor()
    const ours = (await historyRows(ana.page)).filter(([name]) =>
      ['Alice Answered', 'Tom Transferred', 'Mia Missed'].includes(name ?? ''),
    )
    assert.deepEqual(ours, [
      ['Mia Missed', 'Missed'],
      ['Tom Transferred', 'Transferred'],
      ['Alice Answered', 'Answered'],
    ])
    await ana.page.locator(inConsole('.call-link')).filter({ hasText: 'Alice Answered' }).click()
    await ana.page
      .locator(inConsole('[data-section="chat"]'))
      .filter({ hasText: 'Hello from Alice' })
      .waitFor()
    await ana.page.locator(inConsole('[data-section="notes"] .tag')).filter({ hasText: 'Sale' }).waitFor()
    // The browser's back returns to the list, forward to the call again.
    await ana.page.goBack()
    await ana.page.locator(inConsole('.history-table')).waitFor()
    await ana.page.goForward()
    await ana.page
      .locator(inConsole('[data-section="chat"]'))
      .filter({ hasText: 'Hello from Alice' })
      .waitFor()
    assert.match(new URL(ana.page.url()).pathname, /^\/history\/[A-Za-z0-9]+$/)

    const after = await figures(ana.page)
    assert.deepEqual(
      {
        answered: (after.answered ?? 0) - (baseline.answered ?? 0),
        missed: (after.missed ?? 0) - (baseline.missed ?? 0),
        transferred: (after.transferred ?? 0) - (baseline.transferred ?? 0),
      },
      // Ana answered Tom too before she handed him over.
      { answered: 2, missed: 1, transferred: 1 },
    )
    await ana.page.locator(inConsole('canvas')).first().waitFor()
    assert.deepEqual(ana.errors, [])
    assert.deepEqual(bruno.errors, [])
  })

  it('rings only this agent from her personal link', async () => {
    const { server } = world
    const ana = await agentOnline(await world.newContext(), server, 'ana@demo.test')
    // Bruno serves Sales too and is available: a plain Sales call could ring him; this one must not.
    const bruno = await agentOnline(await world.newContext(), server, 'bruno@demo.test')
    await openMenu(ana.page, 'Utilities')
    await ana.page.selectOption(inConsole('#personal-link-segment'), { label: 'Sales' })
    await ana.page.click(inConsole('.generate-link'))
    const url = ana.page.locator(inConsole('.link-url'))
    await url.waitFor()
    const link = (await url.inputValue()).replace('127.0.0.1', 'localhost')
    assert.match(link, /\/customer\.html\?link=[A-Za-z0-9_-]{24}$/)

    const customer = await (await world.newContext()).newPage()
    const customerErrors = collectErrors(customer)
    await customer.goto(link)
    await customer.locator('#title').filter({ hasText: 'Call Ana Alvarez' }).waitFor()
    await customer.fill('input[name=name]', 'Lina Link')
    await customer.click('#call-button')
    const modal = ana.page.locator(RINGING)
    await modal.waitFor()
    assert.match((await modal.textContent()) ?? '', /Sales/)
    assert.equal(await bruno.page.locator(RINGING).count(), 0)
    // Turned down, it ends for the customer rather than going on to Bruno.
    await ana.page.click(inConsole('.dismiss-button'))
    await customerScreen(customer, 'ended')
    assert.match((await customer.locator('#ended-message').textContent()) ?? '', /not available/)
    assert.equal(await bruno.page.locator(RINGING).count(), 0)
    assert.deepEqual(customerErrors, [])
    assert.deepEqual(ana.errors, [])
  })

  it('clears the badge when the notifications are marked read', async () => {
    const ana: WatchedPage = await agentOnline(await world.newContext(), world.server, 'ana@demo.test')
    // The demo gives every agent two unread notifications.
    const badge = ana.page.locator(inConsole('.bottom-menu .badge'))
    await badge.filter({ hasText: '2' }).waitFor()
    await openMenu(ana.page, 'Profile', 'notifications')
    await ana.page.locator(inConsole('.notification-list li[data-unread="true"]')).nth(1).waitFor()
    await ana.page.click(inConsole('.mark-all'))
    await badge.waitFor({ state: 'detached' })
    await ana.page.locator(inConsole('.notification-list li[data-unread="true"]')).first().waitFor({
      state: 'detached',
    })
    // Read on the server: the page opened again loads them from it, none unread.
    await openMenu(ana.page, 'History')
    await ana.page.locator(inConsole('.history-table')).waitFor()
    await openMenu(ana.page, 'Profile', 'notifications')
    await ana.page.locator(inConsole('.notification-list li')).nth(2).waitFor()
    assert.equal(await ana.page.locator(inConsole('.notification-list li[data-unread="true"]')).count(), 0)
    assert.equal(await badge.count(), 0)
    assert.deepEqual(ana.errors, [])
  })
})

describe('the agent’s diagnostic bundle', () => {
  // The server keeps its data in a folder, so that it can be killed and come back with the session.
  const folders: string[] = []
  let dataDir = ''
  const world = freshWorld(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'diagnostics-'))
    folders.push(folder)
    dataDir = join(folder, 'pglite')
    return { TIMERS, DATA_DIR: dataDir }
  })
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it('downloads a file with the disconnection the agent just went through, and no token', async () => {
    const context = await world.newContext()
    // Every bearer token the console sends, and the refresh cookie: none may be in the file.
    const secrets = new Set<string>([DEMO_PASSWORD])
    context.on('request', (request) => {
      const authorization = request.headers()['authorization']
      if (authorization?.startsWith('Bearer ')) secrets.add(authorization.slice('Bearer '.length))
    })
    const ana = await agentOnline(context, world.server, 'ana@demo.test')
    for (const cookie of await context.cookies()) if (cookie.value.length > 16) secrets.add(cookie.value)

    // The server crashes and comes back on the same port with the same data: the console drops and reconnects.
    assert.deepEqual(ana.errors, [])
    const restored = toastShown(ana.page, 'You are connected again.', 90_000)
    const crashed = world.server
    await crashed.kill()
    world.server = await startServer(
      { DIST_DIR: await distSnapshot(), TIMERS, DATA_DIR: dataDir },
      crashed.port,
    )
    await restored
    // Requests cut or refused while the server was down are the network's errors; after it, none.
    const downtimeErrors = ana.errors.length

    // The waits start at the click that makes the file, not before the way there (the profile page, its
    // chunk from the restarted server): a slow way there used up the toast's wait before the toast came.
    await openMenu(ana.page, 'Profile')
    const download = ana.page.waitForEvent('download', { timeout: 30_000 })
    const saved = toastShown(ana.page, 'Diagnostics saved', 30_000)
    await ana.page.click(inConsole('.profile-menu [data-entry="diagnostics"]'))
    const file = await download
    assert.match(file.suggestedFilename(), /^agent-console-diagnostics-[\dT-]+Z\.json$/)
    const text = await readFile(await file.path(), 'utf8')
    const bundle = JSON.parse(text) as DiagnosticBundle
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    assert.equal(bundle.format, 'agent-console-diagnostics/1')
    // The console's package version, and what this server's /version.txt says (the e2e server says `e2e`).
    assert.deepEqual(bundle.versions, { console: version, server: 'e2e' })
    assert.equal(bundle.link.state, 'online')
    // The drop is in the log, with its time; attempts that failed while the server was down may follow.
    const drop = bundle.disconnections.find((entry) => entry.reason === 'transport close')
    assert.ok(drop, `no 'transport close' in ${JSON.stringify(bundle.disconnections)}`)
    assert.ok(Date.parse(drop.at) <= Date.parse(bundle.generatedAt), `${drop.at} after ${bundle.generatedAt}`)
    assert.match(bundle.browser.userAgent, /Chrome/)
    // Chromium's fake camera and microphone: counted, never named.
    assert.ok((bundle.devices?.['audioinput']?.count ?? 0) >= 1, JSON.stringify(bundle.devices))
    // Readings are taken while a network indicator is on screen (idle call panel, ringing modal): not here.
    assert.ok(Array.isArray(bundle.networkSamples), 'no networkSamples list')
    assert.ok(secrets.size >= 2, 'the test saw no token to look for')
    for (const secret of secrets)
      assert.ok(!text.includes(secret), `the bundle holds a secret: ${secret.slice(0, 12)}…`)
    assert.ok(!text.includes('ana@demo.test'), 'the bundle holds the agent’s email')
    assert.ok(!text.includes('Alvarez'), 'the bundle holds the agent’s name')
    await saved
    assert.deepEqual(ana.errors.slice(downtimeErrors), [])
  })
})
