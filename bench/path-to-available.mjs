// Measures, in Chromium against the reference server and the built bundle (dist/, `npm run build`
// first), every JavaScript file the standalone console loads from opening the page to the agent's
// status reading "Available": a demo agent logs in, passes the startup check with the fake camera
// and chooses available. Sizes are gzipped (level 9) like the static report.
// Usage: node bench/path-to-available.mjs   (prints JSON)
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { gzipSync } from 'node:zlib'
/* global document -- the waitForFunction callback runs in the page */
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'

const BUDGET = 130 * 1024

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function startServer(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/support/memory-server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (output.includes(`localhost:${port}`)) resolve()
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
  return child
}

/** Opens the console as an agent would and returns the JS files loaded until "Available". */
export async function measurePathToAvailable() {
  const port = await freePort()
  const server = await startServer(port)
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  })
  const files = new Map()
  try {
    const page = await browser.newPage({ locale: 'en-US' })
    let recording = true
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (!recording || !url.pathname.endsWith('.js')) return
      files.set(
        url.pathname,
        response.body().then((body) => ({ raw: body.length, gzipped: gzipSync(body, { level: 9 }).length })),
      )
    })
    const root = (selector) => `agent-console ${selector}`
    await page.goto(`http://localhost:${port}/`)
    await page.fill(root('input[name=email]'), 'ana@demo.test')
    await page.fill(root('input[name=password]'), 'Demo1234!')
    await page.check(root('input[name=agreement]'))
    await page.click(root('button[type=submit]'))
    await page.click(root('dialog[open] button.primary:not([disabled])'), { timeout: 20_000 })
    await page.click(root('.status-trigger:not([disabled])'))
    await page.click(root('[role=menuitem][data-status="available"]'))
    await page.waitForFunction(() =>
      document
        .querySelector('agent-console')
        ?.shadowRoot?.querySelector('.status-trigger')
        ?.textContent?.includes('Available'),
    )
    recording = false
    const measured = await Promise.all([...files].map(async ([file, size]) => ({ file, ...(await size) })))
    measured.sort((a, b) => b.gzipped - a.gzipped)
    const gzipped = measured.reduce((total, file) => total + file.gzipped, 0)
    return { files: measured, gzipped, gzippedLimit: BUDGET, within: gzipped <= BUDGET }
  } finally {
    await browser.close()
    server.kill('SIGTERM')
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await measurePathToAvailable(), null, 2))
