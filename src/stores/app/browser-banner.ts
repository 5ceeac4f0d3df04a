import { atom, onMount } from 'nanostores'
import type { BrowserSupport } from '../../services/browser-support'
import { brandHints, currentChromium, type BrandHints } from '../../services/browser-hints'
import { clock } from '../../services/clock'

/** What the browser-compatibility banner says, from the user agent (SPEC §8). */
export const $browserSupport = atom<BrowserSupport>('supported')

/** The agent closed the banner for this page. */
export const $browserBannerDismissed = atom(false)

/**
 * Classifies a user agent and keeps the result. A current Chromium is recognised from its client
 * hints; any other browser loads the parser (Bowser, a lazy chunk) to be classified.
 *
 * @example
 * await checkBrowser('Mozilla/5.0 … Chrome/98.0.4758.102 …') // $browserSupport: 'vulnerable'
 */
export async function checkBrowser(
  userAgent: string = navigator.userAgent,
  hints: BrandHints | undefined = userAgent === navigator.userAgent ? brandHints() : undefined,
): Promise<void> {
  if (currentChromium(hints, userAgent)) {
    $browserSupport.set('supported')
    return
  }
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
