/**
 * Leaving or reloading the page: the console's only ways out of itself (a dashboard redirect, SSO,
 * an update). Tests replace them, as they replace the clock, so a test page is never navigated away.
 */

/** What the page can do. */
export interface PageNavigation {
  /** Goes to another address. */
  assign(url: string): void
  /** Reloads the page. */
  reload(): void
}

const browserNavigation: PageNavigation = {
  assign: (url) => location.assign(url),
  reload: () => location.reload(),
}

let current = browserNavigation

/**
 * Sends the browser to another address.
 *
 * @example
 * leavePage(response.location)
 */
export function leavePage(url: string): void {
  current.assign(url)
}

/**
 * Reloads the page (apply an update, recover an expired session during a call).
 *
 * @example
 * reloadPage()
 */
export function reloadPage(): void {
  current.reload()
}

/**
 * Swaps the navigation (tests). Returns a function that restores the previous one.
 *
 * @example
 * const restore = replacePageNavigation({ assign: (url) => seen.push(url), reload: () => {} })
 */
export function replacePageNavigation(navigation: PageNavigation): () => void {
  const previous = current
  current = navigation
  return () => {
    current = previous
  }
}
