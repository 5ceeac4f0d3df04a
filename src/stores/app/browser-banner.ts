import { atom, onMount } from 'nanostores'
import type { BrowserSupport } from '../../services/browser-support'
import { clock } from '../../services/clock'

/** What the browser-compatibility banner says, from the user agent (SPEC §8). */
export const $browserSupport = atom<BrowserSupport>('supported')

/** The agent closed the banner for this page. */
export const $browserBannerDismissed = atom(false)

/**
 * Classifies a user agent and keeps the result. The parser (Bowser) is a lazy chunk, off the path to
 * "available".
 *
 * @example
 * await checkBrowser('Mozilla/5.0 … Chrome/98.0.4758.102 …') // $browserSupport: 'vulnerable'
 */
export async function checkBrowser(userAgent: string = navigator.userAgent): Promise<void> {
  try {
    const { browserSupport } = await import('../../services/browser-support')
    $browserSupport.set(browserSupport(userAgent))
  } catch (error) {
    console.warn('[agent-console] browser check failed', error)
  }
}

/** Closes the banner. */
export function dismissBrowserBanner(): void {
  $browserBannerDismissed.set(true)
}

// The parser is not needed to get the agent online: it loads when the browser is idle.
onMount($browserSupport, () => {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => clock.setTimeout(callback, 1))
  idle(() => void checkBrowser())
})
