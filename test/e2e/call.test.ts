import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { RunningServer } from './support/server'
import { freshWorld, type World } from './support/world'
import {
  agentOnline,
  chooseOption,
  customerCalls,
  customerScreen,
  inConsole,
  playsFrames,
  toastShown,
  type WatchedPage,
} from './support/console-page'

const AGENT_VIDEO = inConsole('.main-video video')
const CUSTOMER_VIDEO = '#remote-videos video'

/** Answers the ringing call from the inbound modal and waits for the call area. */
async function answer(page: Page): Promise<void> {
  await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
}

/** Opens a side-menu view and waits out the 500 ms switch. */
async function openView(page: Page, name: string): Promise<void> {
  await page.click(inConsole(`.menu-${name}`))
  await page.locator(inConsole(`.call-view[data-view="${name}"]`)).waitFor()
}

/** Reads what the server stored for a call (dev endpoint). */
async function storedCall(server: RunningServer, id: string) {
  const response = await fetch(`${server.url}/api/dev/calls/${id}`)
  assert.equal(response.status, 200)
  return (await response.json()) as {
    status: string
    selectedTags: string[]
    comments: string
    agentFormValues: Record<string, unknown>
  }
}

/** Servers of this file ring for 30 s: a slow machine must not let a ring time out under a test. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000 })

/** Ana online in a context of her own, Paula calling Support from another; Ana answers; both see each other. */
async function callInProgress(
  world: World,
): Promise<{ agent: WatchedPage; customer: WatchedPage; callId: string }> {
  const agent = await agentOnline(await world.newContext(), world.server, 'ana@demo.test')
  const customer = await customerCalls(await world.newContext(), world.server, 'Support', 'Paula Playwright')
  const modal = agent.page.locator(inConsole('dialog.inbound-modal[open]'))
  await modal.waitFor({ timeout: 30_000 })
  assert.match((await modal.textContent()) ?? '', /Support/)
  await answer(agent.page)
  await customerScreen(customer.page, 'call')
  const callId = (await customer.page.evaluate(() => window.customerState.callId)) ?? ''
  assert.ok(callId)
  return { agent, customer, callId }
}

/** Picks the first tag and writes a comment; resolves once the console says the comment is saved. */
async function tagAndComment(page: Page): Promise<void> {
  await openView(page, 'info')
  await page.click(inConsole('.tags-field'))
  await page.click(inConsole('.tags-field sl-option >> nth=0'))
  await page.keyboard.press('Escape')
  await page.fill(inConsole('.comments-field textarea'), 'Order 42 <b>late</b>: courier contacted')
  await page.locator(inConsole('.comments-field .save-saved')).waitFor()
}

/** Fills the agent form of the Support segment; resolves once the console says it is saved. */
async function fillAgentForm(page: Page): Promise<void> {
  await chooseOption(page, '#agent-form-resolution', 'sl-option[value="solved"]')
  await page.fill(inConsole('#agent-form-summary textarea'), 'Courier will deliver tomorrow')
  await page.locator(inConsole('.agent-form-view .save-saved')).waitFor()
}

describe('an agent answers a customer and runs the call to the end', () => {
  const world = freshWorld({ TIMERS })

  it('rings, answers, and both sides see each other and chat', async () => {
    const { agent, customer } = await callInProgress(world)
    await playsFrames(agent.page, AGENT_VIDEO)
    await playsFrames(customer.page, CUSTOMER_VIDEO)

    await customer.page.fill('#chat-form input', 'Hello, my order is late')
    await customer.page.press('#chat-form input', 'Enter')
    await agent.page.locator(inConsole('.menu-chat sl-badge')).filter({ hasText: '1' }).waitFor()
    await openView(agent.page, 'chat')
    await agent.page.locator(inConsole('.chat-log')).filter({ hasText: 'Hello, my order is late' }).waitFor()
    await agent.page.fill(inConsole('.chat-input input'), 'Let me check that for you')
    await agent.page.press(inConsole('.chat-input input'), 'Enter')
    await customer.page.waitForFunction(() =>
      window.customerState.messages.some((line) => line.includes('Let me check that for you')),
    )
    assert.deepEqual(agent.errors, [])
  })

  it('refuses hang-up while the agent form is invalid, keeps tags, comment and form on the server', async () => {
    const { agent, callId } = await callInProgress(world)
    const { page } = agent
    await tagAndComment(page)

    // A toast lives 7 s: watched for from before the click, it cannot come and go unseen on a slow machine.
    await Promise.all([
      toastShown(page, 'To hang up the call you must complete the required fields.'),
      (async () => {
        await page.click(inConsole('.hangup-button'))
        await page.locator(inConsole('.hangup-blocked')).waitFor()
      })(),
    ])
    assert.equal(await page.locator(inConsole('.call-area')).count(), 1)
    // Logging out hangs up first: blocked the same way, the agent stays in the call, signed in.
    await page.click(inConsole('.logout-button'))
    // Two frames: a log-out that went ahead would have drawn the login by then.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    assert.equal(await page.locator(inConsole('.call-area')).count(), 1)
    assert.equal(await page.locator(inConsole('input[name=email]')).count(), 0)

    await fillAgentForm(page)
    const stored = await storedCall(world.server, callId)
    assert.equal(stored.selectedTags.length, 1)
    assert.equal(stored.comments, 'Order 42 late: courier contacted')
    assert.deepEqual(stored.agentFormValues, {
      resolution: 'solved',
      summary: 'Courier will deliver tomorrow',
    })
  })

  it('lands back in the call after a reload, with what the agent typed', async () => {
    const { agent, customer } = await callInProgress(world)
    const { page } = agent
    await tagAndComment(page)
    await page.reload()
    // A tab that was in a call skips the startup check and goes straight back in.
    await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
    assert.equal(
      await page
        .locator(inConsole('.comments-field sl-textarea'))
        .evaluate((el) => (el as HTMLTextAreaElement).value),
      'Order 42 late: courier contacted',
    )
    await playsFrames(page, AGENT_VIDEO)
    await playsFrames(customer.page, CUSTOMER_VIDEO)
  })

  it('hangs up once the form is valid: both sides leave the call', async () => {
    const { agent, customer, callId } = await callInProgress(world)
    const { page } = agent
    await tagAndComment(page)
    await openView(page, 'agent-form')
    await fillAgentForm(page)
    await page.click(inConsole('.hangup-button'))
    await page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
    await customerScreen(customer.page, 'ended')
    const stored = await storedCall(world.server, callId)
    assert.equal(stored.status, 'ended')
    assert.equal(stored.comments, 'Order 42 late: courier contacted')
    assert.equal(stored.selectedTags.length, 1)
    assert.deepEqual(agent.errors, [])
  })
})

describe('an agent transfers the call to another agent', () => {
  const world = freshWorld({ TIMERS })

  it('rings the chosen agent, who answers and sees the customer; the first agent is out', async () => {
    const { server } = world
    const elena = await agentOnline(await world.newContext(), server, 'elena@demo.test')
    const customer = await customerCalls(await world.newContext(), server, 'Sales', 'Tomás Transfer')
    await answer(elena.page)
    await playsFrames(elena.page, AGENT_VIDEO)
    const carla = await agentOnline(await world.newContext(), server, 'carla@demo.test')

    await elena.page.click(inConsole('.menu-transfer'))
    await elena.page.click(inConsole('.transfer-dialog sl-tab[panel="agents"]'))
    const row = elena.page.locator(inConsole('.transfer-dialog tr')).filter({ hasText: 'Carla' })
    await row.locator('sl-button').click()
    await elena.page.locator(inConsole('.transfer-target')).filter({ hasText: 'Carla' }).waitFor()
    await elena.page.click(inConsole('.confirm-transfer'))

    const modal = carla.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor({ timeout: 30_000 })
    assert.match((await modal.locator('.transfer-line').textContent()) ?? '', /Direct transfer from Elena/)
    await Promise.all([
      toastShown(elena.page, 'The call was transferred to Carla', 60_000),
      answer(carla.page),
    ])
    await elena.page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
    await playsFrames(carla.page, AGENT_VIDEO)
    await playsFrames(customer.page, CUSTOMER_VIDEO)
    // The customer is told who they are talking with now (it still named Elena).
    await customer.page.locator('#agent-name').filter({ hasText: 'You are talking with Carla' }).waitFor()
  })
})

describe('an agent transfers the call to another segment', () => {
  // The transferring agent keeps the call for 10 s unless someone answers first: made long here, so that
  // the answer always comes within it, however slow the machine.
  const world = freshWorld({
    TIMERS: JSON.stringify({ ringTimeoutMs: 30_000, segmentTransferEndMs: 300_000 }),
  })

  it("rings the segment's agent, who answers at once: the customer leaves the queue screen for the call", async () => {
    const { server } = world
    const ana = await agentOnline(await world.newContext(), server, 'ana@demo.test')
    const customer = await customerCalls(await world.newContext(), server, 'Support', 'Sergio Segment')
    await answer(ana.page)
    await customerScreen(customer.page, 'call')
    // Carla serves Billing (and Support: she comes online once Ana has the call).
    const carla = await agentOnline(await world.newContext(), server, 'carla@demo.test')

    await ana.page.click(inConsole('.menu-transfer'))
    const row = ana.page.locator(inConsole('.transfer-dialog tr')).filter({ hasText: 'Billing' })
    await row.locator('sl-button').click()
    await ana.page.click(inConsole('.confirm-transfer'))
    await toastShown(ana.page, 'The call was transferred to Billing', 60_000)
    await customerScreen(customer.page, 'queue')

    const modal = carla.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor({ timeout: 30_000 })
    assert.match((await modal.textContent()) ?? '', /Support/)
    await answer(carla.page)
    await customerScreen(customer.page, 'call')
    assert.match((await customer.page.textContent('#agent-name')) ?? '', /Carla/)
    // Ana is out of the call.
    await ana.page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })
    await playsFrames(carla.page, AGENT_VIDEO)
    await playsFrames(customer.page, CUSTOMER_VIDEO)
  })
})

describe('an agent invites a second agent into the call', () => {
  const world = freshWorld({ TIMERS })

  it('rings the invited agent, who joins: the customer sees both agents', async () => {
    const { server } = world
    const bruno = await agentOnline(await world.newContext(), server, 'bruno@demo.test')
    const customer = await customerCalls(await world.newContext(), server, 'Sales', 'Irene Invite')
    await answer(bruno.page)
    const diego = await agentOnline(await world.newContext(), server, 'diego@demo.test')

    await bruno.page.click(inConsole('.menu-invite'))
    const row = bruno.page.locator(inConsole('.invite-dialog tr')).filter({ hasText: 'Diego' })
    await row.locator('sl-button').click()
    await bruno.page.click(inConsole('.confirm-invite'))
    await bruno.page.locator(inConsole('.confirm-invite')).filter({ hasText: 'Waiting' }).waitFor()

    const modal = diego.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor({ timeout: 30_000 })
    assert.match((await modal.locator('h2').textContent()) ?? '', /Invitation/)
    await Promise.all([toastShown(bruno.page, 'joined the call', 60_000), answer(diego.page)])
    await playsFrames(diego.page, AGENT_VIDEO)
    await customer.page.waitForFunction(() => window.customerState.remoteTracks >= 2, undefined, {
      timeout: 30_000,
    })
    // An invited agent joins beside Bruno: the customer is still talking with him.
    assert.match((await customer.page.textContent('#agent-name')) ?? '', /You are talking with Bruno/)
  })
})

describe('one tab rings, not every tab of the browser', () => {
  const world = freshWorld({ TIMERS })

  it('rings in the active tab; a second tab says the console is active elsewhere, until the first closes', async () => {
    const { server } = world
    const context = await world.newContext()
    const first = await agentOnline(context, server, 'diego@demo.test')
    const second = await context.newPage()
    await second.goto(`${server.url}/crm.html`)
    const notice = second.locator('agent-call-panel .active-elsewhere')
    await notice.waitFor({ timeout: 20_000 })
    assert.match((await notice.textContent()) ?? '', /active in another tab/)
    // The alert is loaded on demand (not in the panel's first screen): it arrives and upgrades the notice.
    await second.waitForFunction(() => customElements.get('sl-alert') !== undefined, null, {
      timeout: 20_000,
    })
    assert.equal(await notice.evaluate((alert) => alert.shadowRoot !== null), true)

    await customerCalls(await world.newContext(), server, 'Support', 'Tina Tabs')
    await first.page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
    assert.equal(await second.locator('agent-call-panel dialog.inbound-modal').count(), 0)

    await first.page.close()
    await notice.waitFor({ state: 'detached', timeout: 20_000 })
  })
})
