// Lighthouse's accessibility category on the demo page: the login screen it shows when loaded, then the
// signed-in shell (a snapshot after signing in, the startup check passed). Starts the reference server
// on an in-memory demo database (the built console: `npm run build` first) and Debian's Chromium; nothing
// is downloaded. Prints each score and the failing audits; exits 1 below 100.
// Usage: npm run lighthouse:a11y
import { createRequire } from 'node:module'
import puppeteer, { type Page } from 'puppeteer-core'
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs'
import { startServer } from '../test/e2e/support/server'
import { DEMO_PASSWORD } from '../server/store/seed-content'

// Lighthouse's own chrome-launcher (the version it is made for), not another copy in the tree.
const launcher = createRequire(import.meta.resolve('lighthouse'))('chrome-launcher') as {
  launch(options: { chromePath: string; chromeFlags: string[]; logLevel: 'error' }): Promise<{
    port: number
    kill(): void
  }>
}

/** The part of a Lighthouse report (LHR) read here. */
interface Result {
  categories: { accessibility?: { score: number | null; auditRefs: { id: string }[] } }
  audits: Record<string, { id: string; title: string; score: number | null; details?: unknown }>
  runWarnings: string[]
  runtimeError?: { code: string; message: string }
}
type Flags = Record<string, unknown>
/** Lighthouse's node API: a navigation, and a snapshot of a page as it is now. */
interface Lighthouse {
  default(url: string, flags: Flags): Promise<{ lhr: Result } | undefined>
  snapshot(page: Page, options: { flags: Flags }): Promise<{ lhr: Result } | undefined>
}
// Loaded untyped: Lighthouse's own types widen the DOM's global event maps for the whole project.
const { default: lighthouse, snapshot } = (await import('lighthouse' as string)) as Lighthouse

const WAIT_MS = 60_000
const FLAGS: Flags = {
  onlyCategories: ['accessibility'],
  logLevel: 'error',
  formFactor: 'desktop',
  screenEmulation: { disabled: true },
}

/** Prints a report's score and its failing audits; whether it is 100. */
function report(name: string, lhr: Result): boolean {
  const category = lhr.categories.accessibility
  const score = Math.round((category?.score ?? 0) * 100)
  console.log(`${name}: accessibility ${score}`)
  for (const ref of category?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id]
    if (!audit || audit.score === null || audit.score >= 1) continue
    console.log(`  ✗ ${audit.id}: ${audit.title}`)
    const items =
      (audit.details as { items?: { node?: { snippet?: string; selector?: string } }[] } | undefined)
        ?.items ?? []
    for (const item of items.slice(0, 5))
      console.log(`      ${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`)
  }
  for (const warning of lhr.runWarnings) console.log(`  ! ${warning}`)
  if (lhr.runtimeError) console.log(`  ! ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  return score === 100 && !lhr.runtimeError
}

/** A selector through the console's shadow roots (puppeteer's deep combinator). */
const deep = (selector: string) => `>>> ${selector}`

/** A control in the console, waited for up to `WAIT_MS`. */
const control = (page: Page, selector: string) =>
  page.locator(deep(selector)).setTimeout(WAIT_MS).setWaitForStableBoundingBox(false)

/** Signs the demo agent in and passes the startup check, as the agent would. */
async function signIn(page: Page): Promise<void> {
  await control(page, 'input[name=email]').fill('elena@demo.test')
  await control(page, 'input[name=password]').fill(DEMO_PASSWORD)
  await control(page, 'input[name=agreement]').click()
  await control(page, 'button[type=submit]').click()
  // Text, not a function: tsx would add helpers (`__name`) the page lacks. Searches every shadow root.
  await page.waitForFunction(
    `(function find(root) {
      return root.querySelector('[data-device=microphone][data-found=true]') !== null ||
        [...root.querySelectorAll('*')].some((element) => element.shadowRoot !== null && find(element.shadowRoot))
    })(document)`,
    { timeout: WAIT_MS },
  )
  await control(page, 'dialog.startup[open] button.primary').click()
  await control(page, '.status-trigger').wait()
  await page.waitForFunction(
    `!document.querySelector('agent-console')?.shadowRoot?.querySelector('dialog.startup')`,
    { timeout: WAIT_MS },
  )
}

const server = await startServer()
const chrome = await launcher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_ARGS,
  logLevel: 'error',
})
let passed: boolean
try {
  const login = await lighthouse(`${server.url}/`, { ...FLAGS, port: chrome.port })
  if (!login) throw new Error('Lighthouse returned no result for the login screen')
  const loginPassed = report('demo page, login screen', login.lhr)

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  const page = await browser.newPage()
  await page.setViewport({ width: 1366, height: 850 })
  // In front, so animation frames run (the locators wait on them).
  await page.bringToFront()
  await page.goto(`${server.url}/`)
  await signIn(page).catch(async (error: unknown) => {
    await page.screenshot({ path: 'test-results/lighthouse-shell-failure.png' })
    throw error
  })
  const shell = await snapshot(page, { flags: FLAGS })
  if (!shell) throw new Error('Lighthouse returned no result for the signed-in shell')
  const shellPassed = report('demo page, signed-in shell', shell.lhr)
  await browser.disconnect()
  passed = loginPassed && shellPassed
} finally {
  chrome.kill()
  await server.stop()
}
console.log(passed ? 'Lighthouse accessibility: 100' : 'Lighthouse accessibility: below 100')
process.exit(passed ? 0 : 1)
