// Takes the screenshots of the console's layouts (docs/screenshots/<lang>/layout-*.png, listed in
// docs/screenshots/README.md) in English, Spanish and French at 1366 × 850, 1024 × 768 and 390 × 844: the
// login, the shell once available (and at 390 px scrolled to the calendar below), the ringing call, the
// call answered, a toast; then <agent-call-panel> in demo/crm.html's side bar at 360 px: ringing, in the
// call, the chat. The reference server on a fresh demo database, the built console (`npm run build`
// first), Chromium.
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
  // FullCalendar lays its events out again a moment after a resize: the picture waits until two looks
  // 250 ms apart find every appointment's box where it was (the 390 px calendar was caught mid-way).
  await page.waitForFunction(
    () => {
      const boxes = document
        .querySelector('agent-console')
        ?.shadowRoot?.querySelectorAll('.fc-timegrid-event *')
      const now = JSON.stringify(
        [...(boxes ?? [])].map((box) => Object.values(box.getBoundingClientRect().toJSON())),
      )
      const seen = window as unknown as { lastLayout?: string }
      const same = seen.lastLayout === now
      seen.lastLayout = now
      return same
    },
    undefined,
    { polling: 250, timeout: WAIT_MS },
  )
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

/** At 390 × 844 the calendar is below the page: the shell scrolled down to it. */
async function calendarBelow(page: Page, dir: string): Promise<void> {
  await page.setViewportSize(VIEWPORTS[2])
  await page
    .locator(inConsole('.calendar-area .calendar-toolbar'))
    .evaluate((toolbar) => toolbar.scrollIntoView())
  await shoot(page, `${dir}/layout-shell-calendar-${VIEWPORTS[2].name}.png`)
  await page.locator(inConsole('.shell-main')).evaluate((main) => main.scrollIntoView())
  await page.setViewportSize(VIEWPORTS[0])
}

/** Closes the toasts of the way here ("now Available"): the layout is the subject. */
async function closeToasts(page: Page): Promise<void> {
  await page
    .locator(inConsole('.toast-close'))
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()))
  await page.locator(inConsole('.toast')).first().waitFor({ state: 'detached' })
}

/** Signs in, passes the camera check and goes available (the agent may still be from the last language). */
async function signIn(page: Page): Promise<void> {
  await page.fill(inConsole('input[name=email]'), 'ana@demo.test')
  await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
  await passStartup(page)
  await goAvailable(page, inConsole('.status-trigger'), inConsole('[role=menuitem][data-status="available"]'))
}

/** Goes available through a status menu, once the trigger knows the status (it may already be). */
async function goAvailable(page: Page, trigger: string, item: string): Promise<void> {
  const enabled = page.locator(`${trigger}:not([disabled]):not([aria-disabled])`)
  await enabled.waitFor()
  if ((await enabled.getAttribute('data-status')) !== 'available') {
    await enabled.click()
    await page.click(item)
  }
  await page.locator(`${trigger}[data-status="available"]`).waitFor()
}

/** A toast over the shell (the browser says it went offline; says online again after). */
async function toastShots(page: Page, dir: string): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('offline')))
  await page.locator(inConsole('.toast')).first().waitFor()
  await everyViewport(page, dir, 'toast')
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.locator(inConsole('.toast')).first().waitFor({ state: 'detached' })
}

/**
 * The CRM page (demo/crm.html) in this tab, its side bar 360 px wide: <agent-call-panel> under
 * <agent-login> (which says the agent is signed in), ringing, then in a call, then with the chat open.
 * The same tab, because the session without remember-me is this tab's and a second tab would wait on
 * the active-tab lock the console's tab holds (it showed "active in another tab" and never the call),
 * and at /crm.html (/demo/crm.html is a 404): the script waited for a call that could not come.
 */
async function crmSideBar(
  page: Page,
  server: RunningServer,
  customer: BrowserContext,
  dir: string,
): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 850 })
  await page.goto(`${server.url}/crm.html`)
  // Set through the CSSOM (the page's CSP forbids inline styles): the side bar 360 px wide.
  await page.evaluate(() => {
    const body = document.querySelector<HTMLElement>('.crm-body')
    if (body) body.style.gridTemplateColumns = '1fr 360px'
  })
  await goAvailable(
    page,
    'agent-status .status-trigger',
    'agent-status [role=menuitem][data-status="available"]',
  )
  const aside = page.locator('aside.crm')
  const shootAside = async (name: string) => {
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const path = `${dir}/layout-crm-${name}-360.png`
    await aside.screenshot({ path })
    console.log(path)
  }
  await customerCalls(customer, server, 'Sales', 'Carla Campos')
  await page.locator('agent-call-panel dialog.inbound-modal[open]').waitFor()
  await shoot(page, `${dir}/layout-crm-ringing-1366x850.png`)
  await page.click('agent-call-panel .answer-button')
  await page.locator('agent-call-panel .call-area .main-video video').waitFor()
  await shootAside('call')
  await page.click('agent-call-panel .menu-chat')
  await page.locator('agent-call-panel .chat-view').waitFor()
  await shootAside('chat')
  await page.click('agent-call-panel .hangup-button')
  await page.locator('agent-call-panel .call-area').waitFor({ state: 'detached' })
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
    await calendarBelow(page, dir)

    const customerContext = await browser.newContext({ locale })
    customerContext.setDefaultTimeout(WAIT_MS)
    await customerCalls(customerContext, server, 'Sales', 'Paula Pérez')
    await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor()
    await everyViewport(page, dir, 'ringing')
    await page.click(inConsole('.answer-button'))
    await page.locator(inConsole('.call-area .main-video video')).waitFor()
    await everyViewport(page, dir, 'call')

    await page.click(inConsole('.hangup-button'))
    await page.locator(inConsole('.call-area')).waitFor({ state: 'detached' })
    await toastShots(page, dir)
    await crmSideBar(page, server, customerContext, dir)
    await customerContext.close()
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
