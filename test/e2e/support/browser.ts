import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core'
import { CHROMIUM_ARGS as SHARED_ARGS, chromiumPath } from '../../../scripts/chromium.mjs'

/** Chromium flags for headless runs on a closed network with a fake camera and microphone. */
export const CHROMIUM_ARGS: string[] = SHARED_ARGS

/** Launches Debian's Chromium (never a downloaded one). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  })
}

/** Collects the page's console errors and uncaught exceptions, so a test can assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}
