// bench/soak: CYCLES (default 200) call cycles in Chromium against the reference server and the built
// bundle (`npm run build` first): a customer calls Billing from the demo page, Bruno answers in the
// console, VIDEO_MS (default 3 s) of video, Bruno hangs up. After forced garbage collection, the
// console's JavaScript heap, DOM nodes and event listeners (Chrome DevTools Protocol) at cycles 1, 50,
// 100 and 200. Goals (issue 18): heap growth ≤ 5 MB, nodes and listeners flat (±2 %).
// Usage: node --import tsx bench/soak.ts   (CYCLES, VIDEO_MS to change)
import { chromium, type CDPSession, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'
import { startServer } from '../test/e2e/support/server'
import { agentOnline, customerCalls, customerScreen, inConsole } from '../test/e2e/support/console-page'

const CYCLES = Number(process.env.CYCLES ?? 200)
const VIDEO_MS = Number(process.env.VIDEO_MS ?? 3_000)
const MARKS = new Set([1, 50, 100, 200, CYCLES].filter((cycle) => cycle <= CYCLES))
const STEP_MS = 60_000

interface Sample {
  cycle: number
  heapMB: number
  nodes: number
  listeners: number
}

async function sample(cdp: CDPSession, cycle: number): Promise<Sample> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const counters = await cdp.send('Memory.getDOMCounters')
  return {
    cycle,
    heapMB: Number((heap.usedSize / 1024 / 1024).toFixed(2)),
    nodes: counters.nodes,
    listeners: counters.jsEventListeners,
  }
}

async function oneCall(agent: Page, customerPage: Page): Promise<void> {
  await agent.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: STEP_MS })
  await agent.click(inConsole('.answer-button'))
  await agent.locator(inConsole('.call-area')).waitFor({ timeout: STEP_MS })
  await customerScreen(customerPage, 'call')
  // The scenario's talk time, not a wait for something to happen.
  await new Promise((resolve) => setTimeout(resolve, VIDEO_MS))
  await agent.click(inConsole('.hangup-button'))
  await agent.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: STEP_MS })
  await customerScreen(customerPage, 'ended')
}

const server = await startServer()
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
try {
  const agentContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  const customerContext = await browser.newContext({ locale: 'en-US' })
  const { page: agent, errors } = await agentOnline(agentContext, server, 'bruno@demo.test')
  const cdp = await agentContext.newCDPSession(agent)
  const samples: Sample[] = []
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const customer = await customerCalls(customerContext, server, 'Billing', `Soak ${cycle}`)
    await oneCall(agent, customer.page)
    await customer.page.close()
    if (MARKS.has(cycle)) samples.push(await sample(cdp, cycle))
  }
  const first = samples[0] as Sample
  const last = samples.at(-1) as Sample
  const drift = (a: number, b: number) => Number((((b - a) / a) * 100).toFixed(2))
  const heapGrowthMB = Number((last.heapMB - first.heapMB).toFixed(2))
  console.log(
    JSON.stringify(
      {
        bench: 'soak',
        cycles: CYCLES,
        videoMs: VIDEO_MS,
        samples,
        heapGrowthMB,
        nodesDriftPercent: drift(first.nodes, last.nodes),
        listenersDriftPercent: drift(first.listeners, last.listeners),
        goals: { heapGrowthMB: 5, driftPercent: 2 },
        consoleErrors: errors,
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  await server.stop()
}
