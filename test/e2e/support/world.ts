import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, before, beforeEach } from 'node:test'
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { launchBrowser } from './browser'
import { distSnapshot } from './console-page'
import { startServer, type RunningServer } from './server'

/** How long any Playwright wait of an end-to-end test may take unless it says otherwise. */
export const E2E_WAIT_MS = 30_000

/** What one end-to-end test runs against: its own server and database, and its own browser contexts. */
export interface World {
  /** The reference server of this test (a test that restarts it puts the new one here). */
  server: RunningServer
  /**
   * A browser context of this test (its own storage, locks and tabs), in English at 1280×900 unless
   * `options` say otherwise, every wait in it bounded by `E2E_WAIT_MS`. Closed after the test.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>
}

/**
 * Gives each test (`it`) of the enclosing `describe` a fresh world: a reference server on a fresh
 * in-memory database (`env`, or what it resolves to for each test, adds its variables, e.g. `TIMERS`
 * or `DATA_DIR`), and browser contexts that the test
 * opens and that are closed after it. Only the Chromium process is shared by the tests of a file.
 *
 * @example
 * const world = freshWorld({ TIMERS: JSON.stringify({ ringTimeoutMs: 30_000 }) })
 * it('…', async () => { const page = await (await world.newContext()).newPage(); await page.goto(world.server.url) })
 */
export function freshWorld(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): World {
  let browser: Browser | undefined
  let contexts: BrowserContext[] = []
  const world: World = {
    server: undefined as unknown as RunningServer,
    async newContext(options = {}) {
      if (!browser) throw new Error('no browser: freshWorld() must be called in a describe block')
      const context = await browser.newContext({
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
        ...options,
      })
      context.setDefaultTimeout(E2E_WAIT_MS)
      context.setDefaultNavigationTimeout(E2E_WAIT_MS)
      contexts.push(context)
      return context
    },
  }
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    world.server = await startServer({
      DIST_DIR: await distSnapshot(),
      ...(typeof env === 'function' ? await env() : env),
    })
  })
  afterEach(async (test) => {
    // A failed test leaves its server's log (JSON lines: each routing line names the call, the agent
    // and the segment) for whoever reads the failure: the run keeps it nowhere else.
    // (`passed` is Node 20's, not yet in its types.)
    if ((test as { passed?: boolean }).passed === false && world.server)
      keepServerLog(test.name, world.server.output())
    const closing = contexts
    contexts = []
    await Promise.all(closing.map((context) => context.close()))
    await world.server?.stop()
  })
  return world
}

/**
 * `freshWorld` with each test's database in a fresh folder on disk (`DATA_DIR`, the test's own in
 * `dataDir()`), removed after the `describe`: for a test that restarts the server on the same data.
 */
export function freshWorldOnDisk(env: Record<string, string> = {}): World & { dataDir(): string } {
  const dataDirs: string[] = []
  after(async () => {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const world = freshWorld(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'agent-console-e2e-'))
    dataDirs.push(dataDir)
    return { ...env, DATA_DIR: dataDir }
  })
  return Object.assign(world, { dataDir: () => dataDirs.at(-1) as string })
}

/** Where failed tests' server logs go (`test-results/`, which CI and `npm test` keep). */
const SERVER_LOGS = join('test-results', 'e2e-server-logs')

function keepServerLog(testName: string, output: string): void {
  mkdirSync(SERVER_LOGS, { recursive: true })
  const file = join(SERVER_LOGS, `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${Date.now()}.log`)
  writeFileSync(file, output)
  // Its end goes to the run's output too: a CI log keeps no file.
  const tail = output.trimEnd().split('\n').slice(-40).join('\n')
  console.error(`the server's log of the failed test "${testName}": ${file}\n… its last lines:\n${tail}`)
}
