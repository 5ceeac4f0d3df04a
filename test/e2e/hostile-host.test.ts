import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { inConsole } from './support/console-page'
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

    assert.deepEqual([hostile.width, hostile.height], [plain.width, plain.height], 'same size')
    const different = pixelmatch(plain.data, hostile.data, undefined, plain.width, plain.height, {
      threshold: 0.1,
    })
    const share = different / (plain.width * plain.height)
    assert.ok(share <= TOLERANCE, `${different} pixels (${(share * 100).toFixed(2)} %) differ`)
    assert.deepEqual(errors, [])
  })
})
