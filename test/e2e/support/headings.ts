import type { Page } from 'playwright-core'
import type { AxeFinding } from './axe'

// Written as text: the test's TypeScript transform would add helpers (`__name`) the page lacks.
const COUNT_H1 = `(() => {
  const count = (root) =>
    [...root.querySelectorAll('*')].reduce(
      (sum, element) => sum + (element.localName === 'h1' ? 1 : 0) + (element.shadowRoot ? count(element.shadowRoot) : 0),
      0,
    )
  return count(document)
})()`

/**
 * The page's `h1` elements, through every open shadow root: a screen has exactly one (what a screen-reader
 * user jumps to first). Returns a finding in axe's shape when it has none or several, else nothing.
 */
export async function oneHeadingOne(page: Page): Promise<AxeFinding[]> {
  const count = (await page.evaluate(COUNT_H1)) as number
  if (count === 1) return []
  return [{ id: 'one-h1', impact: null, help: `The screen has ${count} h1 elements, not one`, nodes: [] }]
}
