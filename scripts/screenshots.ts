// Takes the screenshots of the console's layouts (docs/screenshots/<lang>/layout-*.png) in English, Spanish
// and French at 1366 × 850, 1024 × 768 and 390 × 844, and of <agent-call-panel> in a 360 px CRM side bar
// (demo/crm.html): the login, the shell once available, the ringing call, and the call answered. The
// reference server on a fresh demo database, the built console (`npm run build` first), Chromium.
// Usage: node --import tsx scripts/screenshots.ts
import { mkdir, readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from '../test/e2e/support/browser'
import { customerCalls, distSnapshot, inConsole, passStartup } from '../test/e2e/support/console-page'
import { startServer, type RunningServer } from '../test/e2e/support/server'
import { DEMO_PASSWORD } from '../server/store/seed-content'

const LANGUAGES = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' } as const
const VIEWPORTS = [
  { name: '1366x850', width: 1366, height: 850 },
  { name: '1024x768', width: 1024, height: 768 },
  { name: '390x844', width: 390, height: 844 },
] as const
const WAIT_MS = 60_000

/** Lets fonts and pictures settle after a resize, then takes the picture. */
async function shoot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path })
  console.log(path)
}

/** One picture per viewport of what the page shows now. */
async function everyViewport(page: Page, dir: string, screen: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await shoot(page, `${dir}/layout-${screen}-${viewport.name}.png`)
  }
  await page.setViewportSize(VIEWPORTS[0])
}

/** Closes the toasts of the way here ("now Available"): the layout is the subject. */
async function closeToasts(page: Page): Promise<void> {
  await page
    .locator(inConsole('.toast-close'))
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()))
  await page.locator(inConsole('.toast')).first().waitFor({ state: 'detached' })
}

/** Signs in, passes the camera check and goes available. */
async function signIn(page: Page): Promise<void> {
  await page.fill(inConsole('input[name=email]'), 'ana@demo.test')
  await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
  await passStartup(page)
  const trigger = page.locator(inConsole('.status-trigger:not([disabled]):not([aria-disabled])'))
  if ((await page.locator(inConsole('.status-trigger[data-status="available"]')).count()) === 0) {
    await trigger.click()
    await page.click(inConsole('[role=menuitem][data-status="available"]'))
  }
  await page.locator(inConsole('.status-trigger[data-status="available"]')).waitFor()
}

/** The CRM page's call panel in a 360 px side bar, during the call. */
async function crmSideBar(context: BrowserContext, server: RunningServer, dir: string): Promise<void> {
  const crm = await context.newPage()
  await crm.setViewportSize({ width: 1366, height: 850 })
  await crm.goto(`${server.url}/demo/crm.html`)
  // Set through the CSSOM (the page's CSP forbids inline styles): the side bar 360 px wide.
  await crm.evaluate(() => {
    const body = document.querySelector<HTMLElement>('.crm-body')
    if (body) body.style.gridTemplateColumns = '1fr 360px'
  })
  await crm.locator('agent-call-panel .call-area').waitFor()
  await crm.evaluate(() => document.fonts.ready.then(() => undefined))
  const path = `${dir}/layout-crm-call-panel-360.png`
  await crm.locator('aside.crm').screenshot({ path })
  console.log(path)
  await crm.close()
}

const server = await startServer({
  DIST_DIR: await distSnapshot(),
  TIMERS: JSON.stringify({ ringTimeoutMs: 120_000 }),
})
const browser = await launchBrowser()
try {
  for (const [lang, locale] of Object.entries(LANGUAGES)) {
    const messages = JSON.parse(await readFile(`locales/${lang}.json`, 'utf8')) as Record<string, string>
    if (!messages['login.title']) throw new Error(`locales/${lang}.json has no login title`)
    const dir = `docs/screenshots/${lang}`
    await mkdir(dir, { recursive: true })
    const context = await browser.newContext({
      locale,
      timezoneId: 'America/Santiago',
      viewport: VIEWPORTS[0],
      reducedMotion: 'reduce',
    })
    context.setDefaultTimeout(WAIT_MS)
    const page = await context.newPage()
    await page.goto(server.url)
    await page.locator(inConsole('input[name=email]')).waitFor()
    await everyViewport(page, dir, 'login')

    await signIn(page)
    await page.locator(inConsole('.calendar-area .fc-event')).first().waitFor()
    await closeToasts(page)
    await everyViewport(page, dir, 'shell')

    const customerContext = await browser.newContext({ locale })
    customerContext.setDefaultTimeout(WAIT_MS)
    await customerCalls(customerContext, server, 'Sales', 'Paula Pérez')
    await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor()
    await everyViewport(page, dir, 'ringing')
    await page.click(inConsole('.answer-button'))
    await page.locator(inConsole('.call-area .main-video video')).waitFor()
    await everyViewport(page, dir, 'call')

    // The CRM side bar (crmSideBar) waits on the active-tab lock the console tab holds: left out for now.
    if (process.env.SHOTS_CRM) await crmSideBar(context, server, dir)
    await page.click(inConsole('.hangup-button'))
    await page.locator(inConsole('.call-area')).waitFor({ state: 'detached' })
    await customerContext.close()
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
