// A cloud recording of a call in Chromium: the reference server in process (in-memory database),
// an agent on the console answering a customer of demo/customer.html (both with Chromium's fake
// camera and microphone), recording for 3 minutes (BENCH_RECORDING_S to change it). Prints JSON:
// the upload lag of every chunk (MediaRecorder chunk → the server's acknowledgement, from the
// console's `agent-recording-chunk` User Timing measures) p50/p95/max, the agent tab's JS heap before
// and after (after a garbage collection, through the DevTools protocol), and the stored file's size
// against the bytes the recorder produced. Targets: lag p95 ≤ 1.5 s, heap growth ≤ 20 MiB, size within 5 %.
// Usage: npm run build && node --import tsx bench/recording.ts   (BENCH_DIST=dir to use another bundle copy)
import { loadavg } from 'node:os'
import { chromium, type Page } from 'playwright-core'
import { createApplication } from '../server/app'
import { DEMO_PASSWORD } from '../server/store/seed-content'
import { CHROMIUM_ARGS } from '../test/e2e/support/browser'
import { serveDist } from '../test/e2e/support/serve-dist'
import type { Recording } from '../src/protocol'
import { percentile as nearestRank } from './support/percentile'

const SECONDS = Number(process.env.BENCH_RECORDING_S ?? 180)
const inConsole = (selector: string) => `agent-console ${selector}`
const percentile = (values: number[], p: number) => Number(nearestRank(values, p).toFixed(1))

const app = await createApplication({ version: 'bench', dataDir: 'memory://', logLevel: 'warn' })
if (process.env.BENCH_DIST) serveDist(app.fastify, process.env.BENCH_DIST)
const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})

/** The agent tab's used JS heap after a full garbage collection, in bytes. */
async function heap(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
  await session.detach()
  return usedSize
}

try {
  const agent = await browser.newPage({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  await agent.goto(base)
  await agent.fill(inConsole('input[name=email]'), 'ana@demo.test')
  await agent.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await agent.check(inConsole('input[name=agreement]'))
  await agent.click(inConsole('button[type=submit]'))
  await agent.locator(inConsole('dialog.startup[open] button.primary')).waitFor({ timeout: 30_000 })
  await agent.locator(inConsole('dialog.startup [data-device="microphone"][data-found="true"]')).waitFor()
  await agent.click(inConsole('dialog.startup[open] button.primary'))
  await agent.click(inConsole('.status-trigger:not([disabled])'))
  await agent.click(inConsole('[role=menuitem][data-status="available"]'))
  await agent.locator(inConsole('.status-trigger .status-name')).filter({ hasText: 'Available' }).waitFor()

  const segments = (await (await fetch(`${base}/api/public/segments`)).json()) as {
    data: { id: string; name: string }[]
  }
  const sales = segments.data.find((segment) => segment.name === 'Sales')
  if (!sales) throw new Error('no Sales segment')
  const customer = await browser.newPage({ locale: 'en-US' })
  await customer.goto(`${base}/customer.html?segment=${sales.id}`)
  await customer.fill('input[name=name]', 'Bench Customer')
  await customer.click('#call-button')
  await agent.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
  await agent.click(inConsole('.answer-button'))
  await agent.locator(inConsole('.call-area')).waitFor({ timeout: 30_000 })
  await customer.waitForFunction(() => window.customerState?.screen === 'call', null, { timeout: 30_000 })

  const heapBefore = await heap(agent)
  await agent.click(inConsole('.menu-recording'))
  await agent.locator(inConsole('.recording-bar[data-phase="recording"]')).waitFor({ timeout: 30_000 })
  // The recording runs for SECONDS of the page's own clock (it is the workload being measured).
  await agent.waitForFunction((until) => Date.now() >= until, Date.now() + SECONDS * 1000, {
    timeout: (SECONDS + 60) * 1000,
    polling: 1000,
  })
  const heapAfter = await heap(agent)
  await agent.click(inConsole('.hangup-button'))
  await agent.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 60_000 })

  const chunks = await agent.evaluate(() =>
    performance.getEntriesByName('agent-recording-chunk').map((entry) => ({
      lag: entry.duration,
      bytes: ((entry as PerformanceMeasure).detail as { bytes: number }).bytes,
    })),
  )
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true }),
    })
  ).json()) as { accessToken: string }
  let stored: Recording | undefined
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const page = (await (
      await fetch(`${base}/api/recordings`, { headers: { authorization: `Bearer ${login.accessToken}` } })
    ).json()) as { data: Recording[] }
    stored = page.data[0]
    if (stored && stored.status !== 'recording' && stored.status !== 'processing') break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  if (!stored || stored.status !== 'pending')
    throw new Error(`the recording is ${stored?.status ?? 'missing'}`)
  const lags = chunks.map((chunk) => chunk.lag)
  if (lags.length === 0) throw new Error('no chunk was acknowledged: nothing to measure')
  const produced = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0)
  const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(2))
  const result = {
    benchmark: 'recording',
    recordedSeconds: SECONDS,
    storedDurationSeconds: stored.duration,
    chunks: lags.length,
    uploadLagMs: { p50: percentile(lags, 50), p95: percentile(lags, 95), max: percentile(lags, 100) },
    heapMiB: { before: mib(heapBefore), after: mib(heapAfter), growth: mib(heapAfter - heapBefore) },
    bytes: {
      produced,
      stored: stored.size,
      differencePercent: Number(((((stored.size ?? 0) - produced) / produced) * 100).toFixed(2)),
    },
    targets: { uploadLagP95Ms: 1500, heapGrowthMiB: 20, sizeDifferencePercent: 5 },
    met: {
      uploadLag: percentile(lags, 95) <= 1500,
      heap: heapAfter - heapBefore <= 20 * 1024 * 1024,
      size: Math.abs((stored.size ?? 0) - produced) <= produced * 0.05,
    },
    // The machine's load while measuring: figures taken under load are not final.
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  }
  console.log(JSON.stringify(result, null, 2))
} finally {
  await browser.close()
  await app.close()
}
