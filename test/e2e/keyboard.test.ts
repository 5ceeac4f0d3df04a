import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { customerCalls, customerScreen, inConsole } from './support/console-page'
import { freshWorld } from './support/world'

/** Rings last long enough for a loaded machine. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 60_000 })

/**
 * Whether the focused element, followed down through shadow roots, or one of its composed ancestors
 * (up through shadow hosts) matches `wanted`. A function, handed to the page as one (`waitForFunction`
 * polls it): given as text, Playwright takes the text for an expression and the function it evaluates
 * to for a truthy answer, so the wait passed at once, focus or not. No named function inside it: the
 * test's TypeScript transform would wrap those in a helper (`__name`) the page lacks.
 */
const focusMatches = (wanted: string): boolean => {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  for (
    let node: Element | null = element;
    node;
    node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null
  )
    if (node.matches(wanted)) return true
  return false
}

/** What has the focus, for a failure message. */
const DESCRIBE_FOCUS = `(() => {
  let element = document.activeElement
  while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement
  return element ? element.outerHTML.slice(0, 160) : 'nothing'
})()`

/** Waits until the focus is on (or inside) `selector`. */
async function focusOn(page: Page, selector: string): Promise<void> {
  try {
    await page.waitForFunction(focusMatches, selector, { timeout: 30_000 })
  } catch (error) {
    const trigger = await page
      .locator('agent-console .status-trigger')
      .evaluate((element) => element.outerHTML)
    throw new Error(
      `the focus is not on ${selector} but on ${String(await page.evaluate(DESCRIBE_FOCUS))} (status: ${trigger}; ${String(error).split('\n')[0]})`,
      { cause: error },
    )
  }
}

/** Waits until the customer page has received a chat line. */
async function customerGets(page: Page, text: string): Promise<void> {
  await page.waitForFunction((line) => window.customerState.messages.includes(line), text, {
    timeout: 30_000,
  })
}

/** Presses `key` (Tab by default) until the focus is on `selector`, at most `max` times. */
async function pressUntil(page: Page, selector: string, key = 'Tab', max = 40): Promise<void> {
  for (let step = 0; step < max; step++) {
    if (await page.evaluate(focusMatches, selector)) return
    await page.keyboard.press(key)
  }
  await focusOn(page, selector)
}

describe('the console from the keyboard alone', () => {
  const world = freshWorld({ TIMERS })

  it('logs in, connects, goes available, answers, chats and hangs up without a mouse', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    await page.goto(world.server.url)

    // The email field has the focus on load.
    await focusOn(page, 'input[name=email]')
    await page.keyboard.type('ana@demo.test')
    await pressUntil(page, 'input[name=password]')
    await page.keyboard.type(DEMO_PASSWORD)
    await pressUntil(page, 'input[name=agreement]')
    await page.keyboard.press('Space')
    await pressUntil(page, 'button[type=submit]')
    await page.keyboard.press('Enter')

    // The startup check: Connect, then the focus is on the status.
    await page.locator(inConsole('dialog.startup [data-device="microphone"][data-found="true"]')).waitFor()
    await pressUntil(page, 'dialog.startup button.primary')
    await page.keyboard.press('Enter')
    await page.locator(inConsole('dialog.startup')).waitFor({ state: 'detached' })
    // The status is disabled until the realtime link is up (a loaded machine takes its time).
    await page.locator(inConsole('.status-trigger:not([disabled])')).waitFor({ timeout: 60_000 })
    await focusOn(page, '.status-trigger')

    // Available through the status menu; the focus comes back to the status.
    await page.keyboard.press('Enter')
    await focusOn(page, '.status-options [role=menuitem]')
    await pressUntil(page, '[role=menuitem][data-status="available"]', 'ArrowDown', 12)
    await page.keyboard.press('Enter')
    await page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor()
    await focusOn(page, '.status-trigger')

    // `?` lists the shortcuts in a dialog that holds the focus and gives it back on Escape.
    await page.keyboard.press('?')
    await page.locator(inConsole('.shortcuts-dialog[open] [data-shortcut="hangUp"]')).waitFor()
    const rows = page.locator(inConsole('.shortcuts-dialog tbody tr'))
    const listed = async (id: string) =>
      (await rows.filter({ has: page.locator(`xpath=self::*[@data-shortcut="${id}"]`) }).innerText())
        .replace(/\s+/g, ' ')
        .trim()
    assert.equal(await listed('answer'), 'Alt+A Answer the ringing call')
    assert.equal(await listed('dismiss'), 'Alt+X Dismiss the ringing call')
    assert.equal(await listed('hangUp'), 'Alt+H Hang up')
    await focusOn(page, '.shortcuts-dialog')
    await page.keyboard.press('Tab')
    await focusOn(page, '.shortcuts-dialog')
    await page.keyboard.press('Escape')
    await page.locator(inConsole('.shortcuts-dialog')).waitFor({ state: 'detached' })
    await focusOn(page, '.status-trigger')

    // The ring takes the focus to Answer; Alt+A answers and the focus is on the call's controls.
    const customer = await customerCalls(await world.newContext(), world.server, 'Sales', 'Kim Keyboard')
    await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor()
    await focusOn(page, '.answer-button')
    await page.keyboard.press('Alt+KeyA')
    await page.locator(inConsole('.call-area')).waitFor()
    await customerScreen(customer.page, 'call')
    await focusOn(page, '.call-controls')

    // Chat: Tab to the chat entry and open it from the keyboard; the message field takes the focus.
    await pressUntil(page, '.side-menu .menu-chat')
    await page.keyboard.press('Enter')
    await page.locator(inConsole('.call-view[data-view="chat"]')).waitFor()
    await focusOn(page, '.chat-input')
    // Enter sends and the field keeps the focus: the next line is typed straight away.
    await page.keyboard.type('Typed without a mouse')
    await page.keyboard.press('Enter')
    await customerGets(customer.page, 'Typed without a mouse')
    await focusOn(page, '.chat-input')
    await page.keyboard.type('A second line')
    await page.keyboard.press('Enter')
    await customerGets(customer.page, 'A second line')
    await focusOn(page, '.chat-input')
    // Tab to Send, Enter or Space: the line goes and the focus comes back to the field.
    await page.keyboard.type('Sent with the button')
    await pressUntil(page, '.chat-send')
    await page.keyboard.press('Enter')
    await customerGets(customer.page, 'Sent with the button')
    await focusOn(page, '.chat-input')
    await page.keyboard.type('Sent with Space')
    await pressUntil(page, '.chat-send')
    await page.keyboard.press('Space')
    await customerGets(customer.page, 'Sent with Space')
    await focusOn(page, '.chat-input')
    await page.locator(inConsole('.chat-log')).filter({ hasText: 'Sent with Space' }).waitFor()

    // The shortcuts act only inside the console: in a field of the host page Alt+H types nothing and
    // hangs nothing up, and `?` is just a character.
    await page.evaluate(() => {
      const field = document.createElement('input')
      field.id = 'host-field'
      field.setAttribute('aria-label', 'Host page field')
      document.body.prepend(field)
    })
    await pressUntil(page, '#host-field', 'Shift+Tab', 80)
    await page.keyboard.press('Alt+KeyH')
    await page.keyboard.type('?')
    await pressUntil(page, '.chat-input', 'Tab', 80)
    await page.keyboard.type('Still in the call')
    await page.keyboard.press('Enter')
    // A hang-up from the host field would have reached the server before this line.
    await customerGets(customer.page, 'Still in the call')
    assert.equal(await customer.page.evaluate(() => window.customerState.screen), 'call')
    assert.equal(await page.locator('#host-field').inputValue(), '?')
    assert.equal(await page.locator(inConsole('.shortcuts-dialog')).count(), 0)
    assert.deepEqual(await customer.page.evaluate(() => window.customerState.messages), [
      'Typed without a mouse',
      'A second line',
      'Sent with the button',
      'Sent with Space',
      'Still in the call',
    ])
    await focusOn(page, '.chat-input')

    // Alt+H, with the focus in the chat's field, hangs up; the focus goes back to the status.
    await page.keyboard.press('Alt+KeyH')
    await page.locator(inConsole('.call-area')).waitFor({ state: 'detached' })
    await customerScreen(customer.page, 'ended')
    await focusOn(page, '.status-trigger')
    assert.deepEqual(errors, [])
  })
})
