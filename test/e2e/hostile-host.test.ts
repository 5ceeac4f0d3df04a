import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import type { Locator, Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { CALENDAR_SCROLL_DELAY_MS } from '../../src/constants'
import { collectErrors } from './support/browser'
import { consoleSettled, inConsole, passStartup } from './support/console-page'
import { startHostSite, type HostSite } from './support/host-page'
import { freshWorld } from './support/world'

/** The host page's rules the console must shrug off (issue 17, and demo/crm.html's). */
const HOSTILE_CSS = `
  html { font-size: 30px; }
  * {
    font: 30px serif;
    box-sizing: content-box !important;
    letter-spacing: 0.12em;
    line-height: 3;
    text-transform: uppercase;
    color: #8b0000;
  }
  button { all: unset; }
  button, input, select, textarea { display: none !important; }
  div { padding: 9px; border: 1px dashed #aaa; }
  svg { width: 300px; height: 300px; }
  a { color: magenta; }
  p, h1, h2, label { margin: 40px; }
`

/** Share of pixels that may differ (anti-aliasing of text at another subpixel offset). */
const TOLERANCE = 0.005

/** A host page with `css`, the console from the reference server at 1000 px wide. */
function hostPage(consoleUrl: string, css: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" /><link rel="icon" href="data:," /><title>Host</title>
    <style>${css} body { margin: 0; } agent-console { display: block; width: 1000px; }</style>
  </head>
  <body>
    <agent-console lang="en"></agent-console>
    <script type="module" src="${consoleUrl}/dist/cdn/index.js"></script>
  </body>
</html>`
}

/** The console's login as a PNG, once its form is there. */
async function loginShot(page: Page): Promise<PNG> {
  await page.locator(inConsole('input[name=email]')).waitFor()
  await page.evaluate(() => document.fonts.ready)
  return PNG.sync.read(
    await page.locator('agent-console').screenshot({ animations: 'disabled', caret: 'hide' }),
  )
}

/** Where the screenshots of a comparison that failed go, with their difference. */
const FAILED_SHOTS = join('test-results', 'hostile-host')

/**
 * Share of pixels that differ between two screenshots of one size. Past the tolerance, both shots and
 * their difference (in red) are kept in test-results/hostile-host/ for whoever reads the failure.
 */
function differingShare(plain: PNG, hostile: PNG, what: string): number {
  assert.deepEqual([hostile.width, hostile.height], [plain.width, plain.height], `${what}: same size`)
  const difference = new PNG({ width: plain.width, height: plain.height })
  const different = pixelmatch(plain.data, hostile.data, difference.data, plain.width, plain.height, {
    threshold: 0.1,
  })
  const share = different / (plain.width * plain.height)
  if (share > TOLERANCE) {
    mkdirSync(FAILED_SHOTS, { recursive: true })
    const stamp = Date.now()
    for (const [name, png] of Object.entries({ plain, hostile, difference }))
      writeFileSync(join(FAILED_SHOTS, `${what}-${stamp}-${name}.png`), PNG.sync.write(png))
    console.error(`the ${what} shots and their difference: ${FAILED_SHOTS}/${what}-${stamp}-*.png`)
  }
  return share
}

/** A screenshot of the viewport (modal dialogs and drawers sit in the top layer), `moving` painted over. */
async function viewportShot(page: Page, moving: Locator[]): Promise<PNG> {
  await consoleSettled(page)
  return PNG.sync.read(
    await page.screenshot({ animations: 'disabled', caret: 'hide', mask: moving, maskColor: '#000' }),
  )
}

/** The signed-in screens compared. */
type Screen = 'startup' | 'shell' | 'drawer'
const SCREENS: readonly Screen[] = ['startup', 'shell', 'drawer']

/**
 * Signs in on a fresh page of the host site and shoots the startup dialog, the shell (its calendar drawn)
 * and the schedule drawer, a Shoelace drawer whose size Shoelace gives in rem.
 */
async function signedInShots(page: Page, url: string): Promise<Record<Screen, PNG>> {
  // The page's clock runs as the real one, until the test moves it on (the calendar's scroll, below).
  await page.clock.install()
  await page.goto(url)
  await page.fill(inConsole('input[name=email]'), 'ana@demo.test')
  await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
  await page.locator(inConsole('dialog.startup [data-device="microphone"][data-found="true"]')).waitFor()
  // The camera's preview moves: it is painted over (its box still counts).
  const startup = await viewportShot(page, [page.locator(inConsole('dialog.startup video'))])
  await passStartup(page)
  await page.locator(inConsole('.calendar-area .fc-event')).first().waitFor()
  // The calendar scrolls to now 4 s after it is made (SPEC): moved on past that, both pages are shot with
  // the calendar where it stays, whenever a loaded machine gets there.
  await page.clock.fastForward(CALENDAR_SCROLL_DELAY_MS)
  // The time connected ticks and the calendar's now line moves between the two pages.
  const ticking = [
    page.locator(inConsole('.time-value')),
    page.locator(inConsole('.fc-timegrid-now-indicator-line')),
  ]
  const shell = await viewportShot(page, ticking)
  await page.click(inConsole('.shell-header .header-actions .schedule-button'))
  await page.locator(inConsole('.schedule-drawer[open] .service-select')).waitFor()
  const drawer = await viewportShot(page, ticking)
  return { startup, shell, drawer }
}

describe('a host page with hostile global CSS', () => {
  let host: HostSite
  const world = freshWorld(async () => {
    host = await startHostSite()
    return { ALLOWED_ORIGINS: host.origin }
  })
  afterEach(() => host.close())

  it('leaves the console looking as on a plain page, within a small pixel tolerance', async () => {
    const page = await (await world.newContext({ viewport: { width: 1366, height: 850 } })).newPage()
    const errors = collectErrors(page)
    host.setPage(hostPage(world.server.url, ''))
    await page.goto(host.origin)
    const plain = await loginShot(page)

    host.setPage(hostPage(world.server.url, HOSTILE_CSS))
    await page.goto(`${host.origin}/?hostile`)
    // The host's rules do apply to its own page.
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).fontFamily), 'serif')
    const hostile = await loginShot(page)

    const share = differingShare(plain, hostile, 'login')
    assert.ok(share <= TOLERANCE, `${(share * 100).toFixed(2)} % of pixels differ`)
    assert.deepEqual(errors, [])
  })

  it('leaves the signed-in console (startup, shell, schedule drawer) looking as on a plain page', async () => {
    const shoot = async (css: string, path: string) => {
      // A fresh context each: no session carried from one page to the other.
      const context = await world.newContext({
        viewport: { width: 1366, height: 850 },
        reducedMotion: 'reduce',
      })
      const page = await context.newPage()
      const errors = collectErrors(page)
      host.setPage(hostPage(world.server.url, css))
      const shots = await signedInShots(page, `${host.origin}${path}`)
      await context.close()
      assert.deepEqual(errors, [])
      return shots
    }
    const plain = await shoot('', '/')
    const hostile = await shoot(HOSTILE_CSS, '/?hostile')
    for (const screen of SCREENS) {
      const share = differingShare(plain[screen], hostile[screen], screen)
      assert.ok(share <= TOLERANCE, `${screen}: ${(share * 100).toFixed(2)} % of pixels differ`)
    }
  })
})
