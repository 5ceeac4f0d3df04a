import type { BrowserContext, Page } from 'playwright-core'

/**
 * Records every Content-Security-Policy violation of the context's pages in `window.__csp` (the
 * `securitypolicyviolation` event bubbles out of shadow roots to the document), from the first script.
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener(
      'securitypolicyviolation',
      (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
      true,
    )
  })
}

/** The violations a page recorded so far. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __csp?: string[] }).__csp ?? [])])
}
