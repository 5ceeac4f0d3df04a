// bench/soak: CYCLES (default 200) call cycles in Chromium against the reference server and the built
// bundle (`npm run build` first): a customer calls Billing from the demo page, Bruno answers in the
// console, VIDEO_MS (default 3 s) of video, Bruno hangs up. After forced garbage collection, the
// console's JavaScript heap, DOM nodes and event listeners (Chrome DevTools Protocol) at cycles 1, 50,
// 100 and 200. Goals (issue 18): heap growth ≤ 5 MB, nodes and listeners flat (±2 %).
// Before cycle 1, WARMUP (default 10, the history page's size) short calls fill the history page the
// agent looks at: until it is full every call adds a row (about 13 nodes and 1 listener) by design.
// Exits 1 when it cannot measure or a goal is missed (the JSON is printed either way).
// Usage: node --import tsx bench/soak.ts [--cycles 200] [--video-ms 3000] [--warmup 10]
import { parseArgs } from 'node:util'
import { chromium, type CDPSession, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'
import { startServer } from '../test/e2e/support/server'
import { agentOnline, customerCalls, customerScreen, inConsole } from '../test/e2e/support/console-page'
import { DEFAULT_PAGE_SIZE } from '../src/constants'

const { values: flags } = parseArgs({
  options: { cycles: { type: 'string' }, 'video-ms': { type: 'string' }, warmup: { type: 'string' } },
})
/** A whole number from a flag, else the environment, else the default; anything else stops the bench. */
function count(flag: string | undefined, env: string, fallback: number): number {
  const value = Number(flag ?? process.env[env] ?? fallback)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${env} must be a whole number, not ${flag}`)
  return value
}
const CYCLES = count(flags.cycles, 'CYCLES', 200)
const VIDEO_MS = count(flags['video-ms'], 'VIDEO_MS', 3_000)
const WARMUP = count(flags.warmup, 'WARMUP', DEFAULT_PAGE_SIZE)
if (CYCLES < 2) throw new Error('at least 2 cycles: the drift is measured from cycle 1')
const MARKS = new Set([1, 50, 100, 200, CYCLES].filter((cycle) => cycle <= CYCLES))
const STEP_MS = 60_000
const GOALS = { heapGrowthMB: 5, driftPercent: 2 }

interface Sample {
  cycle: number
  heapMB: number
  nodes: number
  listeners: number
  documents: number
}

async function sample(cdp: CDPSession, cycle: number): Promise<Sample> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const counters = await cdp.send('Memory.getDOMCounters')
  const taken = {
    cycle,
    heapMB: Number((heap.usedSize / 1024 / 1024).toFixed(2)),
    nodes: counters.nodes,
    listeners: counters.jsEventListeners,
    documents: counters.documents,
  }
  // A figure that is not a positive number is not a measure: stop rather than print it.
  const { cycle: _, ...measured } = taken
  for (const [name, value] of Object.entries(measured))
    if (!Number.isFinite(value) || value <= 0) throw new Error(`could not measure ${name} at cycle ${cycle}`)
  return taken
}

async function oneCall(agent: Page, customerPage: Page, talkMs: number): Promise<void> {
  await agent.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: STEP_MS })
  await agent.click(inConsole('.answer-button'))
  await agent.locator(inConsole('.call-area')).waitFor({ timeout: STEP_MS })
  await customerScreen(customerPage, 'call')
  // The scenario's talk time, not a wait for something to happen.
  if (talkMs > 0) await new Promise((resolve) => setTimeout(resolve, talkMs))
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
  const call = async (name: string, talkMs: number) => {
    const customer = await customerCalls(customerContext, server, 'Billing', name)
    await oneCall(agent, customer.page, talkMs)
    await customer.page.close()
  }
  const beforeWarmup = await sample(cdp, 0)
  for (let warm = 1; warm <= WARMUP; warm++) await call(`Warm-up ${warm}`, 0)
  const samples: Sample[] = []
  const started = performance.now()
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    await call(`Soak ${cycle}`, VIDEO_MS)
    if (MARKS.has(cycle)) samples.push(await sample(cdp, cycle))
  }
  const first = samples[0] as Sample
  const last = samples.at(-1) as Sample
  const drift = (a: number, b: number) => Number((((b - a) / a) * 100).toFixed(2))
  const heapGrowthMB = Number((last.heapMB - first.heapMB).toFixed(2))
  const nodesDriftPercent = drift(first.nodes, last.nodes)
  const listenersDriftPercent = drift(first.listeners, last.listeners)
  const met =
    heapGrowthMB <= GOALS.heapGrowthMB &&
    Math.abs(nodesDriftPercent) <= GOALS.driftPercent &&
    Math.abs(listenersDriftPercent) <= GOALS.driftPercent
  console.log(
    JSON.stringify(
      {
        bench: 'soak',
        cycles: CYCLES,
        videoMs: VIDEO_MS,
        warmupCalls: WARMUP,
        beforeWarmup,
        samples,
        heapGrowthMB,
        nodesDriftPercent,
        listenersDriftPercent,
        goals: GOALS,
        met,
        minutes: Number(((performance.now() - started) / 60_000).toFixed(1)),
        consoleErrors: errors,
      },
      null,
      2,
    ),
  )
  if (!met) process.exitCode = 1
} finally {
  await browser.close()
  await server.stop()
}
