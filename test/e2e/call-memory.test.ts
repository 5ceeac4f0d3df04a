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

interface Counters {
  nodes: number
  listeners: number
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
    const [first, last] = [after[0] as Counters, after.at(-1) as Counters]
    const seen = JSON.stringify(after)
    assert.ok(last.listeners - first.listeners <= NOISE, `event listeners after each call: ${seen}`)
    // A call panel left behind is hundreds of nodes; a notice still fading out after a call is about 40 (3 %).
    assert.ok(Math.abs(last.nodes - first.nodes) <= first.nodes * 0.05, `DOM nodes after each call: ${seen}`)
    assert.deepEqual(errors, [])
  })
})
