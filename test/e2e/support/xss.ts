import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'

/**
 * Markup that would run or render if a screen put customer text into HTML. Each payload that could
 * run bumps `window.__xss`; each is also looked for as text afterwards.
 */
export const XSS_CORPUS = [
  `<img src=x onerror="window.__xss=(window.__xss||0)+1">`,
  `<script>window.__xss=(window.__xss||0)+1</script>`,
  `"><svg onload="window.__xss=(window.__xss||0)+1">`,
  `<a href="javascript:window.__xss=1">click</a>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<b>bold</b><style>*{display:none}</style>`,
  `{{constructor.constructor('window.__xss=1')()}}`,
  `\u202egnp.exe\u202c <details open ontoggle="window.__xss=1">`,
] as const

/** One payload of the corpus by index, tagged so a test can find where it shows. */
export function payload(index: number, tag: string): string {
  return `${tag}:${XSS_CORPUS[index % XSS_CORPUS.length]}`
}

// Sent as text: the test's TypeScript transform would add helpers (`__name`) the page lacks.
const INSPECT = `(() => {
  const found = []
  let text = ''
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames())
        if (/^on/i.test(attribute)) found.push(element.tagName + ' ' + attribute)
      const tag = element.tagName.toLowerCase()
      if (tag === 'iframe') found.push('iframe')
      if (tag === 'script' && !element.hasAttribute('src')) found.push('inline script')
      if (tag === 'img' && element.getAttribute('src') === 'x') found.push('img src=x')
      if (tag === 'a' && /^\\s*javascript:/i.test(element.getAttribute('href') || '')) found.push('javascript: link')
      if (element.shadowRoot) visit(element.shadowRoot)
    }
    text += ' ' + ((root instanceof Document ? root.body : root).textContent || '')
    for (const field of root.querySelectorAll('input, textarea')) text += ' ' + field.value
  }
  visit(document)
  return { ran: window.__xss || 0, found, text }
})()`

/**
 * Asserts that nothing of the corpus ran or became HTML on the page: no script ran (`window.__xss`),
 * and no element anywhere (shadow roots included) carries an event handler attribute, is an iframe, an
 * inline script, an `img[src=x]`, a `details[ontoggle]` or a `javascript:` link. `shown` must appear as
 * text.
 */
export async function assertInert(page: Page, shown: string[]): Promise<void> {
  const report = (await page.evaluate(INSPECT)) as { ran: number; found: string[]; text: string }
  assert.equal(report.ran, 0, 'a payload ran')
  assert.deepEqual(report.found, [], 'a payload became markup')
  for (const value of shown) assert.ok(report.text.includes(value), `not shown as text: ${value}`)
}
