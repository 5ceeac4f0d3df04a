// The history on a phone (issue 69: at 360 and 390 px the table was 590 px wide and cut at the right edge):
// each call is a card of labelled lines, nothing reaches past the screen, and the list's region is named and
// reachable by keyboard.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { collectErrors } from './support/browser'
import { inConsole, signIn } from './support/console-page'
import { freshWorld } from './support/world'

describe('the history on a phone', () => {
  const world = freshWorld()

  for (const width of [360, 390])
    it(`at ${width} px: no cell is cut, the page does not grow sideways`, async () => {
      const context = await world.newContext({
        viewport: { width, height: 780 },
        isMobile: true,
        hasTouch: true,
      })
      const page = await context.newPage()
      const errors = collectErrors(page)
      await signIn(page, world.server.url, 'ana@demo.test')
      await page.click(inConsole('.bottom-menu a[href="/history"]'))
      // Ana's seeded past calls (server/store/seed-areas.ts).
      await page.locator(inConsole('.history-table tbody tr')).nth(2).waitFor()

      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: innerWidth,
      }))
      assert.deepEqual(widths, { page: width, window: width })
      const region = page.locator(inConsole('.table-scroll'))
      const sizes = await region.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
        right: element.getBoundingClientRect().right,
      }))
      assert.ok(
        sizes.scroll <= sizes.client,
        `the table is ${sizes.scroll} px wide in a ${sizes.client} px box`,
      )
      assert.ok(sizes.right <= width, `the table's box ends at ${sizes.right}`)
      const cells = await page
        .locator(inConsole('.history-table td, .history-table th'))
        .evaluateAll((all) =>
          all
            .filter((cell) => cell.getClientRects().length > 0)
            .map((cell) => cell.getBoundingClientRect().right),
        )
      assert.ok(cells.length > 0)
      assert.deepEqual(
        cells.filter((right) => right > width),
        [],
        'cells past the screen',
      )
      // Each line says what it is: the cell's column, beside its value.
      const label = await page
        .locator(inConsole('.history-table tbody tr:first-child td:nth-child(4)'))
        .evaluate((cell) => getComputedStyle(cell, '::before').content)
      assert.equal(label, '"Duration"')
      // The region is named and takes the keyboard's focus (it scrolls where a wider table needs it).
      assert.equal(await region.getAttribute('role'), 'region')
      assert.equal(await region.getAttribute('aria-label'), 'Your calls and meetings')
      await region.focus()
      assert.equal(
        await page.evaluate(
          () => document.querySelector('agent-console')?.shadowRoot?.activeElement?.className,
        ),
        'table-scroll',
      )
      assert.deepEqual(errors, [])
    })
})
