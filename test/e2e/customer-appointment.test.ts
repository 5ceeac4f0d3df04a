import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Locator, Page } from 'playwright-core'
import { axeFailures } from './support/axe'
import { collectErrors } from './support/browser'
import { freshWorld } from './support/world'
import { inConsole, signIn } from './support/console-page'

/** Ana works in Santiago; the browser (her console and her customer's page) runs in her zone. */
const ZONE = 'America/Santiago'
/** A seeded pending appointment of Ana's, tomorrow: far enough ahead to be changed by its customer. */
const CUSTOMER = 'Rocio Pinto'

/**
 * Steps the grid day by day from today (up to `days`) until `event` (a locator of grid events) shows;
 * returns it and the day shown.
 */
async function findOnGrid(page: Page, event: Locator, days = 10): Promise<{ found: Locator; day: string }> {
  const today = page.locator(inConsole('.calendar-nav .today:not([aria-disabled="true"])'))
  if (await today.count()) await today.click()
  for (let step = 0; step <= days; step++) {
    await page
      .locator(inConsole('.calendar-status'))
      .filter({ hasNotText: /Loading/ })
      .waitFor()
    if ((await event.count()) > 0) {
      const day = await page.locator(inConsole('.calendar-heading .calendar-date')).textContent()
      return { found: event.first(), day: day?.trim() ?? '' }
    }
    await page.click(inConsole('.calendar-nav .next-day'))
  }
  throw new Error(`the event is not on the grid within ${days} days`)
}

/** The customer page's manage screen once it shows the appointment. */
async function openedAt(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => window.manageState?.screen === 'details', undefined, { timeout: 15_000 })
}

const status = (page: Page) => page.locator('#manage-status')

/** Waits until the days or the hours (`noteId` says which) are read: their note no longer says so. */
async function loaded(page: Page, noteId: 'days-note' | 'hours-note'): Promise<void> {
  await page.waitForFunction(
    (id) => !/Looking/.test(document.getElementById(id)?.textContent ?? ''),
    noteId,
    { timeout: 15_000 },
  )
}

/** Counts the page's camera and microphone requests in `window.mediaAsked` (a string: see support/axe.ts). */
const COUNT_MEDIA_REQUESTS = `(() => {
  window.mediaAsked = 0
  const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
  navigator.mediaDevices.getUserMedia = (constraints) => {
    window.mediaAsked += 1
    return ask(constraints)
  }
})()`

/**
 * Chooses, on the open "Move it" panel, the first free time that is not `current` (the appointment's
 * own start is free for itself), going to the next months while one has none; returns its instant.
 */
async function chooseOtherTime(page: Page, current: string): Promise<string> {
  for (let month = 0; month < 3; month++) {
    await loaded(page, 'days-note')
    const days = page.locator('#days button[data-date]')
    for (let index = 0; index < (await days.count()); index++) {
      await days.nth(index).click()
      await loaded(page, 'hours-note')
      const starts = await page
        .locator('#hours button[data-utc]')
        .evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset.utc ?? ''))
      const other = starts.find((start) => start !== current)
      if (other) {
        await page.click(`#hours button[data-utc="${other}"]`)
        // The focus goes to the confirm button, which names the time chosen.
        await page.locator('#move-confirm:focus', { hasText: /^Move to / }).waitFor()
        return other
      }
    }
    await page.click('#month-next')
  }
  throw new Error('no free time to move to within three months')
}

describe('the customer changes an appointment with its modify link', () => {
  const world = freshWorld()

  it('moves it, then cancels it, and the agent sees both at once', async () => {
    const context = await world.newContext({ timezoneId: ZONE, viewport: { width: 1400, height: 900 } })
    const agent = await context.newPage()
    const errors = collectErrors(agent)
    await signIn(agent, world.server.url, 'ana@demo.test')
    await agent.locator(inConsole('.calendar-area .fc-event')).first().waitFor({ timeout: 15_000 })

    // The agent copies the modify link from the appointment's drawer (the second copyable link).
    const seeded = agent.locator(inConsole('.fc-event.status-pending'), { hasText: CUSTOMER })
    await (await findOnGrid(agent, seeded, 4)).found.click()
    await agent.locator(inConsole('.appointment-drawer .detail-title'), { hasText: CUSTOMER }).waitFor()
    const links = agent.locator(inConsole('.appointment-drawer .copyable a'))
    assert.match(
      (await links.nth(0).getAttribute('href')) ?? '',
      /meeting=/,
      'the first link is the join URL',
    )
    const modifyUrl = (await links.nth(1).getAttribute('href')) ?? ''
    assert.match(modifyUrl, /\/customer\.html\?modify=[\w-]+$/, 'the second link is the modify URL')
    const title = (await seeded.first().locator('.appointment-title').textContent())?.trim() ?? ''
    assert.ok(title.includes(CUSTOMER), `the grid's title: ${title}`)
    await agent.click(inConsole('.appointment-drawer .drawer-footer .close'))

    // The customer opens it: the appointment, no camera asked, no socket.
    const customer = await context.newPage()
    const customerErrors = collectErrors(customer)
    const sockets: string[] = []
    customer.on('websocket', (socket) => sockets.push(socket.url()))
    await customer.addInitScript({ content: COUNT_MEDIA_REQUESTS })
    await openedAt(customer, modifyUrl)
    assert.equal(await customer.evaluate(() => document.body.dataset.screen), 'manage')
    const seen = await customer.evaluate(() => window.manageState.appointment)
    assert.equal(seen?.status, 'pending')
    assert.equal(seen?.changeable, true)
    await customer.locator('#manage-what', { hasText: 'with Ana' }).waitFor()
    await customer.locator('#manage-join[href*="meeting="]').waitFor()
    assert.equal(await customer.locator('#setup').isHidden(), true, 'the call form is not shown')
    assert.deepEqual(await axeFailures(customer), [])

    // Move it to another free time.
    const oldCode = new URL(modifyUrl).searchParams.get('modify')
    await customer.click('#manage-move')
    const moveTo = await chooseOtherTime(customer, seen?.startAt ?? '')
    assert.deepEqual(await axeFailures(customer), [], 'the move panel, with days and times')
    await customer.click('#move-confirm')
    await status(customer)
      .filter({ hasText: /^Your appointment was moved to / })
      .waitFor({ timeout: 15_000 })
    const moved = await customer.evaluate(() => window.manageState.appointment)
    assert.equal(moved?.startAt, moveTo)
    assert.notEqual(moved?.code, oldCode)
    assert.equal(
      new URL(customer.url()).searchParams.get('modify'),
      moved?.code,
      'the URL carries the new code',
    )
    // The page says the new day and time (in the browser's zone: Santiago, as the agent's).
    const [dayText, momentText] = await customer.evaluate(
      (utc) => [
        new Intl.DateTimeFormat('en', { dateStyle: 'full' }).format(Date.parse(utc)),
        new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }).format(Date.parse(utc)),
      ],
      moveTo,
    )
    await customer.locator('#manage-when', { hasText: dayText }).waitFor()
    assert.equal(await status(customer).textContent(), `Your appointment was moved to ${momentText}.`)
    await customer.locator('#manage-title:focus').waitFor()
    assert.notEqual(moved?.joinUrl, seen?.joinUrl, 'the new appointment has a join link of its own')
    assert.equal(await customer.locator('#manage-join').getAttribute('href'), moved?.joinUrl)

    // The old link leads to the new time, and says it was moved.
    const old = await context.newPage()
    const oldErrors = collectErrors(old)
    await openedAt(old, modifyUrl)
    await status(old)
      .filter({ hasText: /^This appointment was moved to / })
      .waitFor()
    assert.equal(new URL(old.url()).searchParams.get('modify'), moved?.code)
    await old.close()

    // The agent is told at once, and the grid shows it at its new day and time.
    const movedToast = agent.locator(inConsole('.toast-stack .toast'), { hasText: /The customer moved/ })
    await movedToast.waitFor({ timeout: 15_000 })
    assert.ok((await movedToast.textContent())?.includes(title), 'the toast names the appointment')
    const [newDay, newTime] = await agent.evaluate(
      ([utc, zone]) => [
        new Intl.DateTimeFormat('en', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: zone,
        }).format(Date.parse(utc)),
        new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: zone }).format(Date.parse(utc)),
      ],
      [moveTo, ZONE] as const,
    )
    const movedEvent = agent
      .locator(inConsole('.fc-event.status-pending'), { hasText: CUSTOMER })
      .filter({ has: agent.locator('.appointment-time', { hasText: newTime }) })
    const onGrid = await findOnGrid(agent, movedEvent, 40)
    assert.equal(onGrid.day, newDay)

    // The customer cancels it, with a reason.
    await customer.click('#manage-cancel')
    await customer.locator('#cancel-reason:focus').waitFor()
    const reason = 'The new time does not suit me either'
    await customer.fill('#cancel-reason', reason)
    await customer.click('#cancel-confirm')
    await status(customer).filter({ hasText: 'Your appointment is canceled.' }).waitFor({ timeout: 15_000 })
    assert.equal(await customer.evaluate(() => window.manageState.appointment?.status), 'canceled')
    assert.equal(await customer.locator('#manage-actions').isHidden(), true, 'nothing left to do')

    // The agent is told, and the drawer shows the customer's reason.
    const canceledToast = agent.locator(inConsole('.toast-stack .toast'), {
      hasText: /The customer canceled/,
    })
    await canceledToast.waitFor({ timeout: 15_000 })
    assert.ok((await canceledToast.textContent())?.includes(title), 'the toast names the appointment')
    const canceledEvent = agent
      .locator(inConsole('.fc-event.status-canceled'), { hasText: CUSTOMER })
      .filter({ has: agent.locator('.appointment-time', { hasText: newTime }) })
    await canceledEvent.waitFor({ timeout: 15_000 })
    await canceledEvent.click()
    await agent.locator(inConsole('.appointment-drawer .notice-canceled'), { hasText: reason }).waitFor()

    assert.deepEqual(sockets, [], 'the manage page opens no socket')
    assert.equal(await customer.evaluate('window.mediaAsked'), 0, 'nor asks for the camera')
    assert.deepEqual(errors, [])
    assert.deepEqual(customerErrors, [])
    assert.deepEqual(oldErrors, [])
  })
})
