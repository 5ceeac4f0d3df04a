// What a call takes it gives back at hang-up (issue 18, "Memory"): after forced garbage collection, the
// console holds as many DOM nodes and event listeners after several calls as after the first ones
// (Chrome DevTools Protocol, Memory.getDOMCounters). bench/soak measures the same over 200 calls.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { CDPSession, Page } from 'playwright-core'
import { freshWorld } from './support/world'
import { agentOnline, customerCalls, customerScreen, inConsole } from './support/console-page'

/** Servers of this file ring for 30 s: a slow machine must not let a ring time out under a test. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000 })
/** Calls before the first count: the first calls load the call's code and make what the tab keeps. */
const WARMUP_CALLS = 2
/** Calls counted: a leak of one listener per call shows as this many, well above the noise (±1). */
const MORE_CALLS = 6
/** Listeners that may come and go between two counts (the counter spans the whole renderer). */
const NOISE = 2

/** How long the last count may take to come back within bounds (a panel's deferred clean-up). */
const SETTLE_MS = 10_000

interface Counters {
  nodes: number
  listeners: number
}

/** Whether `last` holds no more listeners than `first` (give or take the noise) and about as many nodes. */
function withinBounds(first: Counters, last: Counters): boolean {
  return last.listeners - first.listeners <= NOISE && Math.abs(last.nodes - first.nodes) <= first.nodes * 0.05
}

/** DOM nodes and JavaScript event listeners alive in the agent's tab after forced garbage collection. */
async function counters(cdp: CDPSession): Promise<Counters> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters')
  assert.ok(nodes > 0 && jsEventListeners > 0, 'Memory.getDOMCounters measured nothing')
  return { nodes, listeners: jsEventListeners }
}

describe('memory across calls', () => {
  const world = freshWorld({ TIMERS })

  it('keeps as many DOM nodes and event listeners after six more calls as before them', async () => {
    const agentContext = await world.newContext()
    const { page, errors } = await agentOnline(agentContext, world.server, 'bruno@demo.test')
    // The utilities page: the history page's table gains a row per call (up to a page), by design.
    await page.click(inConsole('.bottom-menu a[href="/utilities"]'))
    await page.locator(inConsole('.utilities-page')).waitFor()
    const customers = await world.newContext()
    const cdp = await agentContext.newCDPSession(page)
    const call = async (name: string, agent: Page) => {
      const customer = await customerCalls(customers, world.server, 'Billing', name)
      await agent.locator(inConsole('dialog.inbound-modal[open]')).waitFor()
      await agent.click(inConsole('.answer-button'))
      await agent.locator(inConsole('.call-area')).waitFor()
      await customerScreen(customer.page, 'call')
      await agent.click(inConsole('.hangup-button'))
      await agent.locator(inConsole('.call-area')).waitFor({ state: 'detached' })
      await customerScreen(customer.page, 'ended')
      await customer.page.close()
      // Back on the page it was on, nothing of the call left on screen.
      await agent.locator(inConsole('.utilities-page')).waitFor()
    }

    for (let n = 1; n <= WARMUP_CALLS; n++) await call(`Early caller ${n}`, page)
    const after: Counters[] = [await counters(cdp)]
    for (let n = 1; n <= MORE_CALLS; n++) {
      await call(`Caller ${n}`, page)
      after.push(await counters(cdp))
    }
    const first = after[0] as Counters
    // Once, beside a second end-to-end run on two cores, the last count held about one call panel more
    // (2,818 nodes for 1,158, 438 listeners for 206): a panel just unmounted is still referenced until
    // deferred clean-up runs, late on a loaded machine. A leak stays; that does not: the last count is
    // taken again until it is within bounds, or for 10 s, and every count is in the failure message.
    const deadline = Date.now() + SETTLE_MS
    let last = after.at(-1) as Counters
    while (!withinBounds(first, last) && Date.now() < deadline) {
      last = await counters(cdp)
      after.push(last)
    }
    const seen = JSON.stringify(after)
    assert.ok(last.listeners - first.listeners <= NOISE, `event listeners after each call: ${seen}`)
    // A call panel left behind is hundreds of nodes; a notice still fading out after a call is about 40 (3 %).
    assert.ok(Math.abs(last.nodes - first.nodes) <= first.nodes * 0.05, `DOM nodes after each call: ${seen}`)
    assert.deepEqual(errors, [])
  })
})
