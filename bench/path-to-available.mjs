// The weight of the path from opening the standalone console (demo/index.html, the self-contained build
// under dist/cdn/: run `npm run build` first) to the agent being available, as Chromium fetched it from the
// reference server: the demo agent logs in, passes the startup check with the fake camera, chooses
// Available, and the run then waits until the network has been idle for 2 s (so a chunk that loads right
// after, like the calendar's, counts). Every HTTP response of the run is counted with its body gzipped
// (level 9, whatever the server sent: the reference server serves precompressed brotli or gzip, a CDN its
// own, so the figure does not depend on a server's settings). Prints JSON; exits non-zero, printing no figure, when a run fails. `owners` says where the
// scripts' bytes come from: each package's or console folder's code on the path, gzipped alone
// (bench/support/path-owners.mjs).
// Usage: node bench/path-to-available.mjs [--runs N]   (N runs, each in a fresh browser and server)
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'
import { pathOwners } from './support/path-owners.mjs'

const KB = 1024
const LIMIT = 175 * KB
const AIM = 150 * KB
const IDLE_MS = 2_000
const STEP_TIMEOUT_MS = 30_000
// PGlite's first initdb is slow on a busy machine; starting the server is not part of the measurement.
const SERVER_START_TIMEOUT_MS = 180_000

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** The reference server on an in-memory database with the demo seed (test/e2e/support/memory-server.ts). */
async function startServer(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/support/memory-server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error(`server did not start:\n${output}`))
    }, SERVER_START_TIMEOUT_MS)
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (output.includes(`localhost:${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return child
}

/** Resolves once no request has been in flight for `IDLE_MS`. */
function networkIdle(page, timeoutMs) {
  return new Promise((resolve, reject) => {
    const inFlight = new Set()
    let quiet = null
    const deadline = setTimeout(() => {
      clearTimeout(quiet)
      reject(new Error(`the network never went idle: ${[...inFlight].map((r) => r.url()).join(', ')}`))
    }, timeoutMs)
    const settle = () => {
      clearTimeout(quiet)
      if (inFlight.size) return
      quiet = setTimeout(() => {
        clearTimeout(deadline)
        resolve()
      }, IDLE_MS)
    }
    page.on('request', (request) => {
      inFlight.add(request)
      settle()
    })
    const done = (request) => {
      inFlight.delete(request)
      settle()
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
    settle()
  })
}

/** One run: a fresh server and browser; returns every response of the run with its gzipped size. */
export async function measurePathToAvailable() {
  if (!existsSync('dist/cdn/agent-console.js')) throw new Error('no dist/cdn/: run `npm run build` first')
  const port = await freePort()
  const server = await startServer(port)
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(STEP_TIMEOUT_MS)
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    const responses = []
    page.on('response', (response) => {
      if (!/^https?:/.test(response.url())) return
      responses.push(
        response.body().then((body) => {
          const url = new URL(response.url())
          return {
            file: url.pathname,
            type: response.request().resourceType(),
            status: response.status(),
            raw: body.length,
            gzipped: body.length ? gzipSync(body, { level: 9 }).length : 0,
          }
        }),
      )
    })
    const root = (selector) => `agent-console ${selector}`
    await page.goto(`http://localhost:${port}/`)
    await page.fill(root('input[name=email]'), 'ana@demo.test')
    await page.fill(root('input[name=password]'), 'Demo1234!')
    await page.check(root('input[name=agreement]'))
    await page.click(root('button[type=submit]'))
    await page.locator(root('dialog.startup [data-device="microphone"][data-found="true"]')).waitFor()
    await page.click(root('dialog.startup[open] button.primary:not([disabled])'))
    await page.locator(root('dialog.startup')).waitFor({ state: 'detached' })
    await page.click(root('.status-trigger:not([disabled])'))
    const idle = networkIdle(page, 60_000)
    await page.click(root('[role=menuitem][data-status="available"]'))
    await page.locator(root('.status-trigger .status-name')).filter({ hasText: 'Available' }).waitFor()
    await idle
    if (errors.length) throw new Error(`the page threw:\n${errors.join('\n')}`)
    const files = await Promise.all(responses)
    const failed = files.filter((file) => file.status >= 400)
    if (failed.length) throw new Error(`requests failed: ${JSON.stringify(failed)}`)
    files.sort((a, b) => b.gzipped - a.gzipped || a.file.localeCompare(b.file))
    const byType = {}
    for (const file of files) byType[file.type] = (byType[file.type] ?? 0) + file.gzipped
    const gzipped = files.reduce((total, file) => total + file.gzipped, 0)
    return { gzipped, byType, requests: files.length, files }
  } finally {
    await browser.close()
    server.kill('SIGTERM')
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--runs')
  const runs = at > 0 ? Number(process.argv[at + 1]) : 1
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number')
  const results = []
  for (let run = 0; run < runs; run++) results.push(await measurePathToAvailable())
  const totals = results.map((result) => result.gzipped)
  const spread = Math.max(...totals) - Math.min(...totals)
  const last = results.at(-1)
  console.log(
    JSON.stringify(
      {
        page: '/ (demo/index.html, dist/cdn/)',
        gzipLevel: 9,
        gzipped: last.gzipped,
        gzippedLimit: LIMIT,
        gzippedAim: AIM,
        within: Math.max(...totals) <= LIMIT,
        runs: totals,
        spread,
        byType: last.byType,
        requests: last.requests,
        // Each package's or console folder's code among the scripts fetched, gzipped alone.
        owners: pathOwners(
          [
            ...new Set(
              last.files.map((file) => file.file).filter((file) => /^\/dist\/cdn\/.*\.js$/.test(file)),
            ),
          ].map((file) => `.${file}`),
        ),
        files: last.files,
      },
      null,
      2,
    ),
  )
  // Runs that disagree by more than 1 KB are not a measurement.
  if (spread > KB) {
    console.error(`runs disagree by ${spread} bytes: ${totals.join(', ')}`)
    process.exitCode = 1
  }
}
