// Takes the screenshots of the agent's areas (docs/screenshots/<lang>/*.png) in English, Spanish and
// French: the reference server on a fresh demo database, the built console (`npm run build` first),
// Chromium at 1100 × 760, signed in as ana@demo.test, every page reached as the agent would (menus).
// Usage: node --import tsx scripts/area-screenshots.ts
import { mkdir, readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../test/e2e/support/browser'
import { distSnapshot, inConsole, signIn } from '../test/e2e/support/console-page'
import { startServer } from '../test/e2e/support/server'

const LANGUAGES = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' } as const
const WAIT_MS = 60_000

/** Signs in and goes available; the status name is read in the page's language. */
async function signInAvailable(page: Page, url: string, available: string): Promise<void> {
  await signIn(page, url, 'ana@demo.test')
  const name = page.locator(inConsole('.status-trigger .status-name'))
  await page.locator(inConsole('.status-trigger:not([disabled])')).waitFor()
  // The server keeps her status from the previous language's session.
  if ((await name.textContent())?.trim() !== available) {
    await page.click(inConsole('.status-trigger'))
    await page.click(inConsole('[role=menuitem][data-status="available"]'))
  }
  await name.filter({ hasText: available }).waitFor()
}

/** Opens a profile sub-page from the bottom menu's Profile entry. */
async function profileEntry(page: Page, entry: string): Promise<void> {
  await page.click(inConsole('.bottom-menu a[href="/profile"]'))
  await page.click(inConsole(`.profile-menu [data-entry="${entry}"]`))
}

/** Waits for the page's data and for fonts and pictures to settle, then takes the picture. */
async function shoot(page: Page, path: string, ready: string): Promise<void> {
  await page.locator(inConsole(ready)).first().waitFor()
  // The agent closes the toasts of the way here ("now Available"): the page is the subject.
  await page
    .locator(inConsole('.toast-close'))
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()))
  await page.locator(inConsole('.toast')).first().waitFor({ state: 'detached' })
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.screenshot({ path })
  console.log(path)
}

const server = await startServer({ DIST_DIR: await distSnapshot() })
const browser = await launchBrowser()
try {
  for (const [lang, locale] of Object.entries(LANGUAGES)) {
    const messages = JSON.parse(await readFile(`locales/${lang}.json`, 'utf8')) as Record<string, string>
    const dir = `docs/screenshots/${lang}`
    await mkdir(dir, { recursive: true })
    const context = await browser.newContext({ locale, viewport: { width: 1100, height: 760 } })
    context.setDefaultTimeout(WAIT_MS)
    const page = await context.newPage()
    await signInAvailable(page, server.url, messages['status.names.available'] ?? 'Available')

    await page.click(inConsole('.bottom-menu a[href="/history"]'))
    await shoot(page, `${dir}/history.png`, '.history-table tbody tr')
    await page.click(inConsole('.call-link'))
    await shoot(page, `${dir}/history-call.png`, '[data-section="notes"]')

    await page.click(inConsole('.bottom-menu a[href="/utilities"]'))
    await page.click(inConsole('.generate-link'))
    await shoot(page, `${dir}/utilities.png`, '.link-url')

    await page.click(inConsole('.bottom-menu a[href="/profile"]'))
    await shoot(page, `${dir}/profile.png`, '.profile-name')
    await profileEntry(page, 'notifications')
    await shoot(page, `${dir}/notifications.png`, '.notification-list li')
    await profileEntry(page, 'settings')
    await shoot(page, `${dir}/settings.png`, '.ringtone-list input')
    await profileEntry(page, 'announcements')
    await shoot(page, `${dir}/announcements.png`, '.announcement-list li')
    await profileEntry(page, 'metrics')
    await page.locator(inConsole('[data-figure="answered"] dd')).waitFor()
    // The week: the second of the periods (day, week).
    await page.click(inConsole('.metrics-toolbar button:nth-child(2)'))
    await page.locator(inConsole('.metrics-toolbar button:nth-child(2)[aria-pressed="true"]')).waitFor()
    await shoot(page, `${dir}/metrics.png`, 'canvas')

    await profileEntry(page, 'feedback')
    const form = page.frameLocator(inConsole('.feedback-dialog iframe'))
    await form.locator('#feedback-form:not([hidden])').waitFor()
    await shoot(page, `${dir}/feedback.png`, '.feedback-dialog iframe')
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
