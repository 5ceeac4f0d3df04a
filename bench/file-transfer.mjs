// File transfer in Chromium, two pages, one run: a raw RTCDataChannel baseline (the same 64 KiB frames
// and back-pressure, no file, no CRC) and the console's transfer of a 256 MiB file (simple-peer, the
// beamport exchange: read in slices, CRC-32 while reading and while receiving, verified, streamed into
// a Blob).
// Prints both throughputs, their ratio and the receiver's heap growth (V8 heap + array buffers, peak
// during the console's transfer) as JSON. Usage: node bench/file-transfer.mjs [MiB] [runs]
import { createServer } from 'node:http'
import { loadavg } from 'node:os'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'

const MIB = 1024 * 1024
const SIZE = Number(process.argv[2] ?? 256) * MIB
const RUNS = Number(process.argv[3] ?? 1)

const bundle = await build({
  entryPoints: ['bench/file-transfer.page.ts'],
  bundle: true,
  write: false,
  format: 'esm',
  minify: true,
  target: 'es2022',
  define: { global: 'globalThis', 'process.env.NODE_DEBUG': 'false' },
  inject: ['./scripts/browser-shims.js'],
  logLevel: 'silent',
})
const script = bundle.outputFiles[0].text
// Served from 127.0.0.1: a secure context, as the console's pages are.
const server = createServer((request, response) => {
  if (request.url === '/bench.js') {
    response.setHeader('content-type', 'text/javascript')
    return response.end(script)
  }
  response.setHeader('content-type', 'text/html')
  response.end(
    '<!doctype html><title>file transfer bench</title><script type="module" src="/bench.js"></script>',
  )
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${server.address().port}/`

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
const fail = async (message) => {
  await browser.close()
  server.close()
  console.error(message)
  process.exit(1)
}

try {
  const sender = await browser.newPage()
  const receiver = await browser.newPage()
  const errors = []
  for (const page of [sender, receiver]) page.on('pageerror', (error) => errors.push(error.message))
  await sender.exposeFunction('signalOut', (data) =>
    receiver.evaluate((d) => globalThis.bench.signal(d), data),
  )
  await receiver.exposeFunction('signalOut', (data) =>
    sender.evaluate((d) => globalThis.bench.signal(d), data),
  )
  for (const page of [sender, receiver]) {
    await page.goto(origin)
    await page.waitForFunction(() => !!globalThis.bench, null, { timeout: 30_000 })
  }
  const cdp = await receiver.context().newCDPSession(receiver)
  const heap = async () => {
    const usage = await cdp.send('Runtime.getHeapUsage')
    return usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0)
  }

  /** One transfer; the receiver's heap is sampled while it runs. */
  async function transfer(mode) {
    await Promise.all([
      receiver.evaluate((m) => globalThis.bench[m](false), mode),
      sender.evaluate((m) => globalThis.bench[m](true), mode),
    ])
    await Promise.all([
      sender.evaluate(() => globalThis.bench.connected()),
      receiver.evaluate(() => globalThis.bench.connected()),
    ])
    if (mode === 'console') await sender.evaluate((size) => globalThis.bench.makeFile(size), SIZE)
    await cdp.send('HeapProfiler.collectGarbage')
    const base = await heap()
    let peak = base
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap())
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    const arrived = receiver.evaluate((size) => globalThis.bench.expect(size), SIZE)
    if (mode === 'raw') await sender.evaluate((size) => globalThis.bench.sendRaw(size), SIZE)
    else await sender.evaluate(() => globalThis.bench.sendFile())
    const result = await arrived
    sampling = false
    await sampler
    await Promise.all([
      sender.evaluate(() => globalThis.bench.close()),
      receiver.evaluate(() => globalThis.bench.close()),
    ])
    if (!result.ok || result.bytes !== SIZE)
      await fail(`the ${mode} transfer did not complete: ${JSON.stringify(result)}`)
    return {
      mbPerSecond: SIZE / MIB / (result.ms / 1000),
      ms: Math.round(result.ms),
      heapGrowth: peak - base,
    }
  }

  const runs = { raw: [], console: [] }
  for (let run = 0; run < RUNS; run++) {
    runs.raw.push(await transfer('raw'))
    runs.console.push(await transfer('console'))
  }
  if (errors.length) await fail(`page errors: ${errors.join('; ')}`)
  const best = (list) => list.reduce((a, b) => (b.mbPerSecond > a.mbPerSecond ? b : a))
  const raw = best(runs.raw)
  const consoleRun = best(runs.console)
  const round = (value, digits = 1) => Number(value.toFixed(digits))
  const ratio = consoleRun.mbPerSecond / raw.mbPerSecond
  const heapGrowth = Math.max(...runs.console.map((r) => r.heapGrowth))
  console.log(
    JSON.stringify(
      {
        sizeMiB: SIZE / MIB,
        runs: RUNS,
        rawMiBps: round(raw.mbPerSecond),
        consoleMiBps: round(consoleRun.mbPerSecond),
        ratio: round(ratio, 3),
        crcVerified: true,
        receiverHeapGrowthMiB: round(heapGrowth / MIB),
        // Issue 11's targets: at least 90% of the raw channel, the receiver's heap up by 64 MiB at most.
        meetsTargets: { ratio: ratio >= 0.9, heap: heapGrowth <= 64 * MIB },
        rawReceiverHeapGrowthMiB: round(Math.max(...runs.raw.map((r) => r.heapGrowth)) / MIB),
        allRuns: {
          raw: runs.raw.map((r) => round(r.mbPerSecond)),
          console: runs.console.map((r) => round(r.mbPerSecond)),
        },
        loadAverage: round(loadavg()[0], 2),
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  server.close()
}
