import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../../../server/store/seed-content'
import { collectErrors } from './browser'
import type { RunningServer } from './server'

/** Playwright's CSS engine pierces shadow roots: `agent-console .call-area` finds it inside. */
export const inConsole = (selector: string) => `agent-console ${selector}`

let snapshot: Promise<string> | null = null

/**
 * A copy of the built bundle for this run (pass it as DIST_DIR to `startServer`): a rebuild of `dist/`
 * while the tests run, by a watcher or a colleague, cannot pull chunks from under a page. E2E_DIST
 * names another built copy to use. The copy is removed when the test process exits.
 */
export function distSnapshot(): Promise<string> {
  snapshot ??= mkdtemp(join(tmpdir(), 'agent-console-dist-')).then(async (dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    await cp(process.env.E2E_DIST ?? 'dist', dir, { recursive: true })
    return dir
  })
  return snapshot
}

/** A browser page with its collected console errors. */
export interface WatchedPage {
  page: Page
  errors: string[]
}

/** Segments by name, from the customer-facing list. */
export async function segmentId(server: RunningServer, name: string): Promise<string> {
  const { data } = (await (await fetch(`${server.url}/api/public/segments`)).json()) as {
    data: { id: string; name: string }[]
  }
  const found = data.find((segment) => segment.name === name)
  assert.ok(found, `no segment ${name}`)
  return found.id
}

/**
 * Opens the console, signs in through the login screen, passes the camera check and goes available,
 * as an agent would.
 */
export async function agentOnline(
  context: BrowserContext,
  server: RunningServer,
  email: string,
): Promise<WatchedPage> {
  // A tab of the context: each agent needs a context of their own (storage, the active-tab lock).
  const page = await context.newPage()
  const errors = collectErrors(page)
  await signIn(page, server.url, email)
  await page.click(inConsole('.status-trigger:not([disabled]):not([aria-disabled])'))
  await page.click(inConsole('[role=menuitem][data-status="available"]'))
  await page.locator(inConsole('.status-trigger .status-name')).filter({ hasText: 'Available' }).waitFor()
  return { page, errors }
}

/**
 * Opens the console at `url` and signs in through the login screen with the demo password, then
 * passes the startup check, as an agent would.
 */
export async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url)
  await page.fill(inConsole('input[name=email]'), email)
  await page.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
  await passStartup(page)
}

/** Passes the startup check (Chromium's fake camera and microphone). */
export async function passStartup(page: Page): Promise<void> {
  const connect = page.locator(inConsole('dialog.startup[open] button.primary'))
  await connect.waitFor({ timeout: 20_000 })
  await page.locator(inConsole('dialog.startup [data-device="microphone"][data-found="true"]')).waitFor()
  await connect.click()
  await page.locator(inConsole('dialog.startup')).waitFor({ state: 'detached' })
}

/** Opens the customer page and calls a segment under a name; resolves once it is queued. */
export async function customerCalls(
  context: BrowserContext,
  server: RunningServer,
  segment: string,
  name: string,
): Promise<WatchedPage> {
  const page = await context.newPage()
  const errors = collectErrors(page)
  await page.goto(`${server.url}/customer.html?segment=${await segmentId(server, segment)}`)
  await page.fill('input[name=name]', name)
  await page.click('#call-button')
  await customerScreen(page, 'queue')
  return { page, errors }
}

/** Waits until the customer page shows a screen (`queue`, `call`, `ended`…). */
export async function customerScreen(page: Page, screen: string): Promise<void> {
  await page.waitForFunction((wanted) => window.customerState?.screen === wanted, screen, { timeout: 30_000 })
}

/**
 * Waits until a video element plays real frames: it has a picture size, and the browser presents at
 * least three new frames of it (requestVideoFrameCallback), their media times moving. The frames' own
 * times, not the element's `currentTime`: a loaded machine presents a burst of frames within one tick
 * of that clock, which read as a still picture.
 */
export async function playsFrames(page: Page, selector: string): Promise<void> {
  const video = page.locator(selector).first()
  await video.waitFor({ timeout: 20_000 })
  await page.waitForFunction(
    (element) => element instanceof HTMLVideoElement && element.readyState >= 2 && element.videoWidth > 0,
    await video.elementHandle(),
    { timeout: 30_000 },
  )
  // Built from text: the test's TypeScript transform would add helpers (`__name`) the page lacks.
  const countFrames = new Function(
    'element',
    `return new Promise((resolve, reject) => {
      const times = []
      const late = setTimeout(() => reject(new Error(times.length + ' frames within 10 s')), 10000)
      const next = () => element.requestVideoFrameCallback((now, frame) => {
        times.push(frame.mediaTime)
        if (times.length < 3) return next()
        clearTimeout(late)
        resolve({ frames: times.length, advanced: times[times.length - 1] > times[0] })
      })
      next()
    })`,
  ) as (element: HTMLVideoElement) => Promise<{ frames: number; advanced: boolean }>
  const seen = await video.evaluate(countFrames)
  assert.equal(seen.frames, 3)
  assert.ok(seen.advanced, `${selector} shows a still picture`)
}

/** Text of the console's toasts. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator(inConsole('.toast-stack .toast')).allTextContents()
}

/**
 * Waits for a toast containing a text. A toast lives 7 s: start waiting before the step that shows it
 * (`Promise.all`) when that step may be slow.
 */
export async function toastShown(page: Page, text: string, timeout = 20_000): Promise<void> {
  await page.locator(inConsole('.toast-stack .toast')).filter({ hasText: text }).first().waitFor({ timeout })
}

/**
 * Chooses an option of a Shoelace select in the console and waits until the select holds it: the listbox must be
 * open before the option is clicked (a click during its opening can land on the page behind), and the next step
 * must not start before the choice is made (a field filled meanwhile is saved without it). The chosen option is
 * hidden once a single select closes, so it is waited for attached, not visible.
 */
export async function chooseOption(
  page: Page,
  select: string,
  option: string,
  timeout = 10_000,
): Promise<void> {
  await page.click(inConsole(select), { timeout })
  await page.locator(inConsole(`${select}[open]`)).waitFor({ timeout })
  await page.click(inConsole(`${select} ${option}`), { timeout })
  await page
    .locator(inConsole(`${select} ${option}[aria-selected="true"]`))
    .waitFor({ state: 'attached', timeout })
}

/**
 * Waits until the console shows nothing loading (a page's or an area's loading line, a busy region) and
 * nothing animating (Shoelace's dialogs and drawers fade in), its fonts loaded: what a screenshot or an
 * axe check then reads is the screen at rest.
 */
export async function consoleSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('agent-console')?.shadowRoot
      return !!root && !root.querySelector('.page-state[role=status], .lazy-loading, [aria-busy="true"]')
    },
    undefined,
    { timeout: 30_000 },
  )
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { timeout: 10_000 },
  )
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}
