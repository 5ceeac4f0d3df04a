// The virtual background in Chromium at 640×360 (its fake camera), blur on: processed frames per second,
// the time each frame spends in the worker (the latency the background adds), the frames the page
// presents, and the longest main-thread task while it runs (PerformanceObserver 'longtask'). Prints JSON;
// exits 1 when it cannot measure (no frame, a failure, no long-task reporting).
// Usage: node --import tsx bench/virtual-background.ts [seconds]
import { createServer } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { readFile } from 'node:fs/promises'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'
import { bundleWorker, COPIED, MODEL_FILE, modelFile } from '../scripts/virtual-background-assets.mjs'
import type { Measured } from './virtual-background.page'

const SECONDS = Number(process.argv[2] ?? 10)
const AIMS = { fps: 24, addedMs: 20, longestTaskMs: 50 }

const page = await build({
  entryPoints: ['bench/virtual-background.page.ts'],
  bundle: true,
  write: false,
  format: 'esm',
  minify: true,
  target: 'es2022',
  logLevel: 'silent',
})
// The folder as the build writes it (scripts/virtual-background-assets.mjs).
const files = new Map<string, { type: string; body: Uint8Array | string }>([
  ['/bench.js', { type: 'text/javascript', body: page.outputFiles[0]!.text }],
  ['/virtual-background/worker.js', { type: 'text/javascript', body: await bundleWorker() }],
  [`/virtual-background/${MODEL_FILE}`, { type: 'application/octet-stream', body: await modelFile() }],
])
for (const [from, to] of COPIED)
  files.set(`/virtual-background/${to}`, {
    type: to.endsWith('.wasm') ? 'application/wasm' : 'text/javascript',
    body: await readFile(from),
  })
// 127.0.0.1 is a secure context, as the console's pages are.
const server = createServer((request, response) => {
  const file = files.get(request.url ?? '')
  if (file) {
    response.setHeader('content-type', file.type)
    return response.end(file.body)
  }
  response.setHeader('content-type', 'text/html')
  response.end(
    '<!doctype html><title>virtual background bench</title><script type="module" src="/bench.js"></script>',
  )
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const address = server.address()
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
const loadBefore = loadavg()[0]!

// The fake camera sends 20 frames a second unless told otherwise: a webcam's 30 are measured.
const args = CHROMIUM_ARGS.map((arg) =>
  arg === '--use-fake-device-for-media-stream' ? '--use-fake-device-for-media-stream=fps=30' : arg,
)
const browser = await chromium.launch({ executablePath: chromiumPath(), args })
let exitCode = 0
try {
  const tab = await browser.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.goto(origin)
  await tab.waitForFunction(() => 'bench' in globalThis, null, { timeout: 30_000 })
  const m = await tab.evaluate(
    ([warmup, measure]) =>
      (
        globalThis as unknown as {
          bench: { run(w: number, m: number): Promise<Measured> }
        }
      ).bench.run(warmup, measure),
    [3000, SECONDS * 1000] as const,
  )
  if (m.failure) throw new Error(m.failure)
  if (errors.length) throw new Error(errors.join('\n'))
  if (m.processedFrames === 0 || m.workerMs.length === 0) throw new Error('no processed frame was measured')
  const sorted = [...m.workerMs].sort((a, b) => a - b)
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const round = (value: number) => Math.round(value * 10) / 10
  const result = {
    bench: 'virtual-background',
    resolution: `${m.width}x${m.height}`,
    cameraFps: 30,
    effect: 'blur 7',
    seconds: m.seconds,
    processedFps: round(m.processedFrames / m.seconds),
    presentedFps: round(m.presentedFrames / m.seconds),
    addedLatencyMs: { mean: round(mean(m.workerMs)), p95: round(sorted[Math.floor(sorted.length * 0.95)]!) },
    segmentationMs: round(mean(m.segmentMs)),
    // Frames the worker, behind, drew with the last frame's mask (none on a machine that keeps up).
    framesWithKeptMask: m.keptMasks,
    longestMainThreadTaskMs: round(Math.max(0, ...m.longTasks)),
    mainThreadLongTasks: m.longTasks.length,
    // The long-task API reports tasks of 50 ms or more: 0 means none reached 50 ms.
    longTaskThresholdMs: 50,
    aims: AIMS,
    meetsAims:
      m.processedFrames / m.seconds >= AIMS.fps &&
      mean(m.workerMs) <= AIMS.addedMs &&
      Math.max(0, ...m.longTasks) <= AIMS.longestTaskMs,
    machine: {
      cores: cpus().length,
      loadAverage1m: { before: round(loadBefore), after: round(loadavg()[0]!) },
    },
  }
  if (m.width !== 640 || m.height !== 360) throw new Error(`measured at ${result.resolution}, not 640x360`)
  console.log(JSON.stringify(result, null, 2))
} catch (error) {
  console.error(
    `virtual-background bench could not measure: ${error instanceof Error ? error.message : error}`,
  )
  exitCode = 1
} finally {
  await browser.close()
  server.close()
}
process.exit(exitCode)
