// bench/reconnect: an agent available in the console (Chromium, the built bundle: `npm run build` first)
// while the reference server (PGlite on disk), started as `npm start` runs it (dist/server/main.js), is
// killed with `kill -9` and started again on the same folder and port, ROUNDS times (default 5). Prints JSON: seconds from the kill to the server being
// ready, from the kill to the agent available again, and from the server being ready to the agent
// available (p50, max). Goals (issue 18): kill → available ≤ 6 s, ready → available ≤ 1 s.
// Usage: node --import tsx bench/reconnect.ts   (ROUNDS to change)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'
import { startBuiltServer, type RunningServer } from '../test/e2e/support/server'
import { agentOnline, inConsole } from '../test/e2e/support/console-page'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
/** A round that does not come back within this is a failure, not a figure. */
const ROUND_LIMIT_MS = 60_000

const folder = mkdtempSync(join(tmpdir(), 'bench-reconnect-'))
const dataDir = join(folder, 'pglite')
let server: RunningServer = await startBuiltServer({ DATABASE_URL: dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
const seconds = (ms: number) => Number((ms / 1000).toFixed(2))
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    p50: seconds(sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN),
    max: seconds(sorted.at(-1) ?? NaN),
  }
}

try {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  const { page } = await agentOnline(context, server, 'ana@demo.test')
  const online = page.locator(inConsole('.connection-state[data-state="online"]'))
  const available = page.locator(inConsole('.status-trigger .status-name')).filter({ hasText: 'Available' })
  const rounds: { killToReadyMs: number; killToAvailableMs: number; readyToAvailableMs: number }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    await online.waitFor({ state: 'attached', timeout: ROUND_LIMIT_MS })
    const port = server.port
    const killedAt = performance.now()
    await server.kill()
    // The console notices the drop (its socket closes) before the server is back.
    await page
      .locator(inConsole('.connection-state:not([data-state="online"])'))
      .waitFor({ state: 'attached', timeout: ROUND_LIMIT_MS })
    server = await startBuiltServer({ DATABASE_URL: dataDir }, port)
    const readyAt = performance.now()
    await online.waitFor({ state: 'attached', timeout: ROUND_LIMIT_MS })
    await available.waitFor({ timeout: ROUND_LIMIT_MS })
    const availableAt = performance.now()
    rounds.push({
      killToReadyMs: Math.round(readyAt - killedAt),
      killToAvailableMs: Math.round(availableAt - killedAt),
      readyToAvailableMs: Math.round(availableAt - readyAt),
    })
  }
  console.log(
    JSON.stringify(
      {
        bench: 'reconnect',
        rounds: ROUNDS,
        killToReadySeconds: summary(rounds.map((r) => r.killToReadyMs)),
        killToAvailableSeconds: summary(rounds.map((r) => r.killToAvailableMs)),
        readyToAvailableSeconds: summary(rounds.map((r) => r.readyToAvailableMs)),
        goals: { killToAvailableSeconds: 6, readyToAvailableSeconds: 1 },
        each: rounds,
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  await server.stop()
  rmSync(folder, { recursive: true, force: true })
}
