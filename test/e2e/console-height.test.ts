// <agent-console> on a plain page fits the window (issue 69: 932 px tall in an 850 px window, its bottom menu
// below the fold); in a parent of a set height it fits that parent (docs/embedding.md "Height").
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { inConsole, passStartup } from './support/console-page'
import { startHostSite, type HostSite } from './support/host-page'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { freshWorld } from './support/world'

/** A page with nothing but the module and the tag: no CSS of its own (the body keeps its 8 px margin). */
const plainPage = (serverUrl: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Plain page</title></head>
  <body>
    <script type="module" src="${serverUrl}/dist/cdn/agent-console.js"></script>
    <agent-console></agent-console>
  </body>
</html>`

/** The box of a selector inside the console, in the window's coordinates. */
async function box(page: Page, selector: string) {
  const found = await page.locator(inConsole(selector)).boundingBox()
  assert.ok(found, `${selector} has no box`)
  return found
}

describe('the height of <agent-console>', () => {
  let host: HostSite
  const world = freshWorld(async () => {
    host = await startHostSite()
    return { ALLOWED_ORIGINS: host.origin }
  })
  afterEach(() => host.close())

  it('keeps the bottom menu within an 850 px window on a plain page, and fits a parent of a set height', async () => {
    host.setPage(plainPage(world.server.url))
    const page = await (await world.newContext({ viewport: { width: 1280, height: 850 } })).newPage()
    const errors = collectErrors(page)
    await page.goto(host.origin)
    await page.fill(inConsole('input[name=email]'), 'ana@demo.test')
    await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
    await page.check(inConsole('input[name=agreement]'))
    await page.click(inConsole('button[type=submit]'))
    await passStartup(page)

    const menu = await box(page, 'nav.bottom-menu')
    assert.ok(menu.y >= 0, `the bottom menu starts at ${menu.y}`)
    assert.ok(menu.y + menu.height <= 850, `the bottom menu ends at ${menu.y + menu.height}, below 850`)
    const element = await page.locator('agent-console').boundingBox()
    assert.ok(element && element.height <= 850, `the element is ${element?.height} px tall`)

    // A host that gives the body a height (and no margin): the element fits it, its menu at its bottom.
    await page.evaluate(() => document.body.setAttribute('style', 'margin: 0; height: 500px'))
    await page.waitForFunction(
      () => document.querySelector('agent-console')!.getBoundingClientRect().height === 500,
    )
    const fitted = await box(page, 'nav.bottom-menu')
    assert.ok(
      fitted.y + fitted.height <= 500,
      `the bottom menu ends at ${fitted.y + fitted.height}, below 500`,
    )
    assert.deepEqual(errors, [])
  })
})
