import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext } from 'playwright-core'
import { axeFailures } from './support/axe'
import {
  agentOnline,
  customerCalls,
  customerScreen,
  inConsole,
  playsFrames,
  signIn,
} from './support/console-page'
import { freshWorld } from './support/world'

/**
 * Cuts the network for the first request of a chunk (its name before the hash); lets every later one
 * through. Resolves to the URLs asked for, in order, as they come.
 */
async function cutFirstRequest(context: BrowserContext, chunk: string): Promise<string[]> {
  const asked: string[] = []
  await context.route(new RegExp(`/dist/cdn/chunks/${chunk}-[^/]+\\.js(\\?.*)?$`), async (route) => {
    asked.push(route.request().url())
    if (asked.length === 1) await route.abort('internetdisconnected')
    else await route.continue()
  })
  return asked
}

/** Whether an element inside the console has the focus (the shadow root's active element). */
const isFocused = (element: Element) => (element.getRootNode() as ShadowRoot).activeElement === element

/** Servers of this file ring for 30 s: the modal's chunk comes back within the ring. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000 })

describe('a chunk that failed to load (the network cut while it travelled)', () => {
  const world = freshWorld({ TIMERS })

  /** Ana online with the first request of `chunk` cut, in a call she answered with Paula. */
  async function callWithChunkCut(chunk: string) {
    const context = await world.newContext()
    const asked = await cutFirstRequest(context, chunk)
    const agent = await agentOnline(context, world.server, 'ana@demo.test')
    const customer = await customerCalls(
      await world.newContext(),
      world.server,
      'Support',
      'Paula Playwright',
    )
    await agent.page.locator(inConsole('dialog.inbound-modal[open]')).waitFor()
    await agent.page.click(inConsole('.answer-button'))
    await customerScreen(customer.page, 'call')
    return { asked, agent, customer }
  }

  it('the calendar shows the error, and Try again loads it without reloading the page', async () => {
    const context = await world.newContext()
    const asked = await cutFirstRequest(context, 'CalendarArea')
    const page = await context.newPage()
    await signIn(page, world.server.url, 'ana@demo.test')
    const alert = page.locator(inConsole('.shell-calendar sl-alert[variant=danger]'))
    await alert.waitFor()
    assert.match((await alert.textContent()) ?? '', /This part of the console could not be loaded/)
    assert.deepEqual(await axeFailures(page), [])
    // Marked, to tell a reload (which would drop it) from a retry within the page.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    await alert.getByRole('button', { name: 'Try again' }).click()
    await page.locator(inConsole('.calendar-area .fc-event')).first().waitFor()
    assert.equal(await alert.count(), 0)
    assert.equal(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      true,
    )
    assert.equal(asked.length, 2, `asked for ${asked.join(', ')}`)
    assert.match(asked[1]!, /\?retry=1$/)
  })

  it("the schedule drawer's failure is a dialog over the console, and the button asks again", async () => {
    const context = await world.newContext()
    const asked = await cutFirstRequest(context, 'ScheduleArea')
    const page = await context.newPage()
    await signIn(page, world.server.url, 'ana@demo.test')
    const menu = page.locator(inConsole('.bottom-menu'))
    const menuBefore = await menu.boundingBox()
    const schedule = page.locator(inConsole('.shell-header button:has-text("Schedule")'))
    await schedule.click()
    const dialog = page.getByRole('alertdialog', { name: 'Schedule' })
    await dialog.waitFor()
    assert.match((await dialog.textContent()) ?? '', /This part of the console could not be loaded/)
    // Over the console, not in its flow: the bottom menu stays where it was.
    assert.deepEqual(await menu.boundingBox(), menuBefore)
    assert.equal(await page.locator(inConsole('.shell > sl-alert')).count(), 0)
    assert.deepEqual(await axeFailures(page), [])
    // The focus on its next action; Escape gives it back to the schedule button.
    assert.equal(await dialog.getByRole('button', { name: 'Try again' }).evaluate(isFocused), true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    assert.equal(await schedule.evaluate(isFocused), true)

    // Asked again by the button: the drawer opens.
    await schedule.click()
    await page.locator(inConsole('.schedule-drawer[open] .service-select')).waitFor()
    assert.equal(await dialog.count(), 0)
    assert.ok(asked.length >= 2, `asked for ${asked.join(', ')}`)
  })

  it("an appointment's drawer that failed is a dialog that closes, and the next click opens it", async () => {
    const context = await world.newContext()
    const asked = await cutFirstRequest(context, 'AppointmentDrawer')
    const page = await context.newPage()
    await signIn(page, world.server.url, 'ana@demo.test')
    const event = page.locator(inConsole('.calendar-area .fc-event')).first()
    await event.click()
    const dialog = page.getByRole('alertdialog', { name: 'Appointment' })
    await dialog.waitFor()
    assert.match((await dialog.textContent()) ?? '', /This part of the console could not be loaded/)
    assert.equal(await page.locator(inConsole('.calendar-area sl-alert[variant=danger]')).count(), 0)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await event.click()
    await page.locator(inConsole('.appointment-drawer[open]')).waitFor()
    assert.equal(await dialog.count(), 0)
    assert.equal(asked.length, 2, `asked for ${asked.join(', ')}`)
  })

  it('the ringing modal, whose chunk failed at sign-in, still shows the next ring', async () => {
    const context = await world.newContext()
    const asked = await cutFirstRequest(context, 'InboundArea')
    const agent = await agentOnline(context, world.server, 'ana@demo.test')
    assert.ok(asked.length >= 1, 'the modal chunk was not asked for at sign-in')
    await customerCalls(await world.newContext(), world.server, 'Support', 'Paula Playwright')
    const modal = agent.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor()
    assert.match((await modal.textContent()) ?? '', /Support/)
    assert.equal(asked.length, 2, `asked for ${asked.join(', ')}`)
  })

  it("saves the comments on the next try when the sanitizer's chunk failed at their first save", async () => {
    const { asked, agent, customer } = await callWithChunkCut('purify\\.es')
    await agent.page.fill(inConsole('.comments-field textarea'), 'Refund <b>asked</b>')
    // The first save finds no sanitizer and says so; the retry 5 s later loads it and saves.
    await agent.page.locator(inConsole('.comments-field .save-error')).waitFor()
    await agent.page.locator(inConsole('.comments-field .save-saved')).waitFor()
    assert.equal(asked.length, 2, `asked for ${asked.join(', ')}`)
    assert.match(asked[1]!, /\?retry=1$/)
    const callId = await customer.page.evaluate(() => window.customerState.callId)
    const stored = (await (await fetch(`${world.server.url}/api/dev/calls/${callId}`)).json()) as {
      comments: string
    }
    assert.equal(stored.comments, 'Refund asked')
  })

  it("connects the call's media when the peer library's chunk failed as the agent answered", async () => {
    const { asked, agent, customer } = await callWithChunkCut('peer')
    // Asked again 2 s later: both sides then see each other.
    await playsFrames(agent.page, inConsole('.main-video video'))
    await playsFrames(customer.page, '#remote-videos video')
    assert.equal(asked.length, 2, `asked for ${asked.join(', ')}`)
    assert.match(asked[1]!, /\?retry=1$/)
  })
})
