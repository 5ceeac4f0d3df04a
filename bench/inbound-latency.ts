// Inbound latency in Chromium: the reference server emits `inbound` to a signed-in agent whose page
// holds <agent-status> and <agent-call-panel> (demo/crm.html), and the page reports when the ringing
// modal has been painted (a requestAnimationFrame after render). 200 rings (after 5 warm-up ones),
// each dismissed from the modal before the next. Prints JSON: p50/p95/max in ms, the first (cold)
// ring, and the long tasks (> 50 ms) seen while ringing.
// Usage: npm run build && node --import tsx bench/inbound-latency.ts [rings]   (BENCH_DIST=dir to use another bundle copy)
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { chromium } from 'playwright-core'
import { createApplication } from '../server/app'
import { rooms } from '../server/realtime/io-types'
import { DEMO_PASSWORD } from '../server/store/seed-content'
import { CHROMIUM_ARGS } from '../test/e2e/support/browser'
import { serveDist } from '../test/e2e/support/serve-dist'
import type { InboundCall } from '../src/protocol'
import { percentile as nearestRank } from './support/percentile'

const RINGS = Number(process.argv[2] ?? 200)
const WARM_UP = 5

const id = () => randomBytes(12).toString('hex')
const now = () => performance.timeOrigin + performance.now()
const percentile = (values: number[], p: number) => Number(nearestRank(values, p).toFixed(2))

function inbound(segment: { id: string; name: string }): InboundCall {
  const at = new Date()
  return {
    id: id(),
    kind: 'inbound',
    segment,
    previousSegment: null,
    segmentPrevious: null,
    duration: 1,
    queuedAt: new Date(at.getTime() - 60_000).toISOString(),
    agent: null,
    transferred: null,
    invitation: false,
    priority: true,
    customerName: 'Bench Customer',
    ticketId: 'T-1',
    poc: { label: 'Web' },
    branch: { label: 'Centro' },
    inboundData: { branch: { label: 'Centro' }, ticketId: 'T-1', poc: { label: 'Web' } },
    ringExpiresAt: new Date(at.getTime() + 20_000).toISOString(),
  }
}

// Its JSON goes to stdout: the server's log lines stay out of it.
const app = await createApplication({ version: 'bench', dataDir: 'memory://', logLevel: 'silent' })
if (process.env.BENCH_DIST) serveDist(app.fastify, process.env.BENCH_DIST)
const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
try {
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true }),
    })
  ).json()) as { accessToken: string; refreshToken: string }
  const userId = (
    JSON.parse(Buffer.from(login.accessToken.split('.')[1]!, 'base64url').toString()) as { aud: string }
  ).aud
  const segment = { id: id(), name: 'Support' }

  const page = await browser.newPage({ locale: 'en-US' })
  await page.addInitScript(
    (tokens) => {
      sessionStorage.setItem('agent-console:tokens', JSON.stringify(tokens))
      const state = {
        paints: {} as Record<string, number>,
        longTasks: [] as { start: number; duration: number }[],
      }
      ;(window as unknown as { bench: typeof state }).bench = state
      document.addEventListener('agent-inbound-painted', (event) => {
        const { callId } = (event as CustomEvent<{ callId: string }>).detail
        state.paints[callId] = performance.timeOrigin + performance.now()
      })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          state.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
    },
    { ...login, remember: false },
  )
  await page.goto(`${base}/crm.html`)

  // Wait until the agent's socket is authenticated in its user room.
  const deadline = Date.now() + 30_000
  while ((await app.context.io.in(rooms.user(userId)).fetchSockets()).length === 0) {
    if (Date.now() > deadline) throw new Error('the agent never connected')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  // An agent sits idle a moment before the first call: the page finishes loading what it preloads.
  await page.waitForFunction(
    () => !!document.querySelector('agent-call-panel')?.shadowRoot?.querySelector('[aria-live="assertive"]'),
    undefined,
    { timeout: 30_000 },
  )
  await page.waitForTimeout(2_000)

  const latencies: number[] = []
  let firstRing = 0
  let ringingFrom = 0
  const firstEmit = now()
  for (let i = 0; i < WARM_UP + RINGS; i++) {
    const call = inbound(segment)
    if (i === WARM_UP) ringingFrom = now()
    const emittedAt = now()
    app.context.io.to(rooms.user(userId)).emit('inbound', call)
    const handle = await page.waitForFunction(
      (callId) => (window as unknown as { bench: { paints: Record<string, number> } }).bench.paints[callId],
      call.id,
      { polling: 'raf', timeout: 30_000 },
    )
    const paintedAt = (await handle.jsonValue()) as number
    const latency = paintedAt - emittedAt
    if (i === 0) firstRing = latency
    if (i >= WARM_UP) latencies.push(latency)
    // The agent dismisses: the modal closes before the next ring.
    await page.evaluate(() => {
      const panel = document.querySelector('agent-call-panel')
      const button = panel?.shadowRoot?.querySelector<HTMLElement>('.dismiss-button')
      button?.click()
    })
    await page.waitForFunction(
      () => !document.querySelector('agent-call-panel')?.shadowRoot?.querySelector('dialog.inbound-modal'),
      undefined,
      { polling: 'raf' },
    )
  }
  const ringingTo = now()
  const tasks = await page.evaluate(
    () =>
      (window as unknown as { bench: { longTasks: { start: number; duration: number }[] } }).bench.longTasks,
  )
  const whileRinging = tasks.filter((task) => task.start >= ringingFrom && task.start <= ringingTo)
  console.log(
    JSON.stringify(
      {
        benchmark: 'inbound-latency',
        what: 'server emits inbound → ringing modal painted (rAF after render), ms',
        rings: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: Number(Math.max(...latencies).toFixed(2)),
        mean: Number((latencies.reduce((a, b) => a + b, 0) / latencies.length).toFixed(2)),
        firstRingColdMs: Number(firstRing.toFixed(2)),
        longTasksFromTheFirstRing: tasks.filter((task) => task.start >= firstEmit).length,
        longTasksWhileRinging: {
          count: whileRinging.length,
          maxMs: whileRinging.length
            ? Number(Math.max(...whileRinging.map((t) => t.duration)).toFixed(1))
            : 0,
        },
        chromium: browser.version(),
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  await app.close()
}
