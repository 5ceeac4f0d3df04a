import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/** axe-core's browser bundle, evaluated in the page (the console's CSP refuses script tags). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Best-practice rules the console holds itself to besides every critical and serious finding: one
 * `main`, at the top level (an element in a host page does not add a second one), one banner, headings
 * in order, and no list item outside a list.
 */
export const REQUIRED_RULES = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'heading-order',
  'listitem',
]

/** One axe finding: the rule, its impact, and the nodes (shadow-piercing selectors) that break it. */
export interface AxeFinding {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

// Written as text: the test's TypeScript transform would add helpers (`__name`) the page lacks.
const RUN_AXE = `(async () => {
  const results = await window.axe.run(document, { resultTypes: ['violations'] })
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => JSON.stringify(node.target) + ' ' + (node.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)),
  }))
})()`

/**
 * Runs axe-core on the whole page (through the console's open shadow roots) and returns the findings
 * that fail the console's bar: every critical or serious one, and those of `REQUIRED_RULES`.
 */
export async function axeFailures(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE)
  const found = (await page.evaluate(RUN_AXE)) as AxeFinding[]
  return found.filter(
    (finding) =>
      finding.impact === 'critical' || finding.impact === 'serious' || REQUIRED_RULES.includes(finding.id),
  )
}
