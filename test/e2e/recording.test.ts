import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { agentOnline, customerCalls, customerScreen, inConsole, toastTexts } from './support/console-page'
import { freshWorld } from './support/world'

/** Answers the ringing call and waits for the call area. */
async function answer(page: Page): Promise<void> {
  await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
}

/** Seconds shown by the recording bar. */
async function shownSeconds(page: Page): Promise<number> {
  const text = (await page.locator(inConsole('.recording-time time')).textContent()) ?? ''
  const [h, m, s] = text.split(':').map(Number) as [number, number, number]
  return h * 3600 + m * 60 + s
}

/** Waits until the recording bar shows at least `seconds` recorded. */
async function recordedAtLeast(page: Page, seconds: number): Promise<void> {
  const deadline = Date.now() + 30_000
  while ((await shownSeconds(page)) < seconds) {
    assert.ok(Date.now() < deadline, `the recording never reached ${seconds} s`)
    await page.locator(inConsole('.recording-time time')).waitFor()
    await page.waitForFunction(
      (before) => {
        const time = document
          .querySelector('agent-console')
          ?.shadowRoot?.querySelector('.recording-time time')
        return time?.textContent !== before
      },
      await page.locator(inConsole('.recording-time time')).textContent(),
      { timeout: 5_000 },
    )
  }
}

/** Clicks a control of the console in the page itself and returns when (Date.now()) it was clicked. */
function clickAt(page: Page, selector: string): Promise<number> {
  return page.evaluate((wanted) => {
    const element = document.querySelector('agent-console')?.shadowRoot?.querySelector<HTMLElement>(wanted)
    if (!element) throw new Error(`no ${wanted}`)
    element.click()
    return Date.now()
  }, selector)
}

/** When (Date.now() in the page, checked every frame) the recording bar reached a phase. */
async function phaseAt(page: Page, phase: string): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) =>
      document
        .querySelector('agent-console')
        ?.shadowRoot?.querySelector(`.recording-bar[data-phase="${wanted}"]`)
        ? Date.now()
        : false,
    phase,
    { polling: 'raf', timeout: 20_000 },
  )
  return (await handle.jsonValue()) as number
}

/** When the recording that is running began, as the console's store recorded it (not when a poll saw it). */
async function runningSince(page: Page): Promise<number> {
  await phaseAt(page, 'recording')
  const since = await page.locator(inConsole('.recording-bar')).getAttribute('data-running-since')
  assert.ok(since, 'a running recording says since when')
  return Number(since)
}

/** The customer's "this call is being recorded" indicator. */
const badge = (customer: Page) => customer.locator('#recording-badge')

// Built from text: the test's TypeScript transform would add helpers (`__name`) the page lacks.
/** In the page: waits (15 s at most each) for a video's metadata, seeks it to the middle, and plays on from there. */
const seekAndPlay = new Function(
  'element',
  `const within = (promise, what) =>
    Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(what)), 15000))])
  return (async () => {
    if (element.readyState < 1)
      await within(new Promise((resolve, reject) => {
        element.addEventListener('loadedmetadata', resolve, { once: true })
        element.addEventListener('error', () => reject(new Error('cannot play')), { once: true })
      }), 'no metadata')
    const duration = element.duration
    element.muted = true
    element.currentTime = duration / 2
    await within(new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true })), 'never seeked')
    const seekedTo = element.currentTime
    await within(element.play(), 'never played')
    await within(new Promise((resolve) => {
      const moved = () => element.currentTime > seekedTo && (element.removeEventListener('timeupdate', moved), resolve())
      element.addEventListener('timeupdate', moved)
    }), 'it does not play on')
    return { duration, seekedTo, playingAt: element.currentTime, width: element.videoWidth }
  })()`,
) as (
  element: HTMLVideoElement,
) => Promise<{ duration: number; seekedTo: number; playingAt: number; width: number }>

/** Plays a file's bytes in a video element of `page`: its duration, and where it seeked to. */
async function playFile(page: Page, bytes: Buffer): Promise<{ duration: number; seekedTo: number }> {
  const handle = await page.evaluateHandle((base64) => {
    const binary = atob(base64)
    const data = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i)
    const video = document.createElement('video')
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }))
    // On the page, so the browser presents its frames.
    document.body.append(video)
    return video
  }, bytes.toString('base64'))
  const played = await handle.evaluate(seekAndPlay)
  await handle.evaluate((video) => video.remove())
  await handle.dispose()
  return played
}

describe('recording a call, then finding, playing and deleting recordings', () => {
  const world = freshWorld()

  async function setRecorder(recorder: Record<string, unknown>): Promise<void> {
    const { server } = world
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true }),
    })
    const { accessToken } = (await login.json()) as { accessToken: string }
    const reply = await fetch(`${server.url}/api/dev/recorder`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(recorder),
    })
    assert.equal(reply.status, 200)
  }

  it('records a cloud call with a pause, plays and seeks it; records locally; deletes three at once', async () => {
    const { server } = world
    const context = await world.newContext({ acceptDownloads: true })
    const agent = await agentOnline(context, server, 'ana@demo.test')
    const customer = await customerCalls(await world.newContext(), server, 'Sales', 'Rosa Recorded')
    await answer(agent.page)
    await customerScreen(customer.page, 'call')
    await assert.rejects(badge(customer.page).waitFor({ state: 'visible', timeout: 500 }))

    // Record ~10 s with a pause in the middle; the customer sees the indicator exactly while recording.
    // Times are taken in the agent's page, where the clicks happen (not across the test's remote control).
    await agent.page.click(inConsole('.menu-recording'))
    let segmentStart = await runningSince(agent.page)
    await badge(customer.page).waitFor({ state: 'visible', timeout: 10_000 })
    await recordedAtLeast(agent.page, 5)
    let recorded = (await clickAt(agent.page, '.recording-pause')) - segmentStart
    await badge(customer.page).waitFor({ state: 'hidden', timeout: 10_000 })
    const pausedAt = Date.now()
    const shownAtPause = await shownSeconds(agent.page)
    // The pause lasts ~3 s of real time: what it leaves out must not reach the recording.
    await agent.page.waitForFunction((until) => Date.now() >= until, pausedAt + 3_000, { timeout: 10_000 })
    assert.equal(await shownSeconds(agent.page), shownAtPause, 'the recorded time stands still while paused')
    await clickAt(agent.page, '.recording-resume')
    segmentStart = await runningSince(agent.page)
    await badge(customer.page).waitFor({ state: 'visible', timeout: 10_000 })
    await recordedAtLeast(agent.page, 10)
    await agent.page.screenshot({ path: 'test-results/recording-in-call.png' })
    await customer.page.screenshot({ path: 'test-results/recording-customer.png' })
    // Hang-up stops the recording and waits for its last acknowledgement.
    recorded += (await clickAt(agent.page, '.hangup-button')) - segmentStart
    await badge(customer.page).waitFor({ state: 'hidden', timeout: 10_000 })
    // The upload's last acknowledgement may take up to 15 s (SOCKET_TIMEOUT_MS) before the call ends.
    await agent.page
      .locator(inConsole('.call-area'))
      .waitFor({ state: 'detached', timeout: 45_000 })
      .catch(async (error: unknown) => {
        const phase = await agent.page
          .locator(inConsole('.recording-bar'))
          .getAttribute('data-phase', { timeout: 1_000 })
          .catch(() => 'none')
        const toasts = (await toastTexts(agent.page)).join(' | ')
        throw new Error(`the call never ended; recording ${phase}; toasts: ${toasts}`, { cause: error })
      })
    await customerScreen(customer.page, 'ended')

    // It is on /recordings, pending, with the time recorded (pause left out).
    await agent.page.click(inConsole('.bottom-menu a[href="/recordings"]'))
    const row = agent.page.locator(inConsole('.recordings-table tbody tr')).first()
    await row.locator('[data-status="pending"]').waitFor({ timeout: 30_000 })
    const id = await row.getAttribute('data-recording-id')
    assert.ok(id)
    assert.match((await row.locator('.cell-customer').textContent()) ?? '', /Rosa Recorded/)

    // Play it: the player streams it (Range) and seeks to the middle.
    await row.locator('sl-icon-button.play').click()
    assert.equal(new URL(agent.page.url()).pathname, `/recordings/${id}`)
    const video = agent.page.locator(inConsole('.recording-player video.player-video'))
    await video.waitFor({ timeout: 15_000 })
    const played = await video.evaluate(seekAndPlay)
    assert.ok(
      Math.abs(played.duration - recorded / 1000) < 1,
      `duration ${played.duration} s, recorded ${recorded} ms`,
    )
    assert.ok(Math.abs(played.seekedTo - played.duration / 2) < 0.5, `seeked to ${played.seekedTo}`)
    assert.ok(played.playingAt >= played.seekedTo, 'it plays on from the middle')
    assert.equal(played.width, 1280)
    const durationCell = (await row.locator('.cell-duration').textContent()) ?? ''
    const [h, m, s] = durationCell.split(':').map(Number) as [number, number, number]
    assert.ok(Math.abs(h * 3600 + m * 60 + s - recorded / 1000) <= 1, `listed duration ${durationCell}`)
    await agent.page.screenshot({ path: 'test-results/recording-player.png' })
    await agent.page.keyboard.press('Escape')
    await agent.page.waitForURL(/\/recordings$/)
    // Download it from its row: the stored file, as seekable, with the same duration.
    const [saved] = await Promise.all([
      agent.page.waitForEvent('download', { timeout: 20_000 }),
      row.locator('sl-icon-button.download').click(),
    ])
    assert.match(saved.suggestedFilename(), /\.webm$/)
    const downloaded = await playFile(agent.page, await readFile((await saved.path()) as string))
    assert.ok(
      Math.abs(downloaded.duration - played.duration) < 0.05,
      `downloaded ${downloaded.duration} s, played ${played.duration} s`,
    )

    // A local recording downloads one seekable file whose duration is right (twice: two recordings).
    await setRecorder({ type: 'local' })
    // The agent is available again after the hang-up.
    await agent.page
      .locator(inConsole('.status-trigger .status-name'))
      .filter({ hasText: 'Available' })
      .waitFor()
    const second = await customerCalls(await world.newContext(), server, 'Sales', 'Lucas Local')
    await answer(agent.page)
    await customerScreen(second.page, 'call')
    for (const seconds of [3, 2]) {
      await agent.page.click(inConsole('.menu-recording'))
      const started = await runningSince(agent.page)
      await badge(second.page).waitFor({ state: 'visible', timeout: 10_000 })
      await recordedAtLeast(agent.page, seconds)
      const download = agent.page.waitForEvent('download', { timeout: 20_000 })
      const lasted = ((await clickAt(agent.page, '.recording-stop')) - started) / 1000
      // A failed recording says why in a toast: the test says it too instead of only "no download".
      const file = await download.catch(async (error: unknown) => {
        throw new Error(`no download; toasts: ${(await toastTexts(agent.page)).join(' | ')}`, {
          cause: error,
        })
      })
      assert.match(file.suggestedFilename(), /^call-[0-9a-f]{24}-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.webm$/)
      const bytes = await readFile((await file.path()) as string)
      const local = await playFile(agent.page, bytes)
      assert.ok(
        Math.abs(local.duration - lasted) < 1,
        `local duration ${local.duration} s, recorded ${lasted} s`,
      )
      assert.ok(Math.abs(local.seekedTo - local.duration / 2) < 0.5)
      await badge(second.page).waitFor({ state: 'hidden', timeout: 10_000 })
      await agent.page.locator(inConsole('.recording-bar')).waitFor({ state: 'detached', timeout: 10_000 })
    }
    await agent.page.click(inConsole('.hangup-button'))
    await agent.page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 30_000 })

    // Three recordings now: delete them all at once, one after the other, and the list is empty after.
    await agent.page.click(inConsole('.bottom-menu a[href="/recordings"]'))
    await agent.page.locator(inConsole('.recordings-table tbody tr')).nth(2).waitFor({ timeout: 20_000 })
    assert.equal(await agent.page.locator(inConsole('.recordings-table tbody tr')).count(), 3)
    await agent.page.screenshot({ path: 'test-results/recordings-page.png' })
    await agent.page.check(inConsole('.recordings-table input.select-page'))
    await agent.page.click(inConsole('button.delete-selected'))
    await agent.page.locator(inConsole('sl-dialog.delete-recordings[open]')).waitFor()
    await agent.page.click(inConsole('sl-dialog.delete-recordings sl-button.confirm-delete'))
    await agent.page
      .locator(inConsole('.empty-state'))
      .filter({ hasText: 'No recordings yet.' })
      .waitFor({ timeout: 20_000 })
    const left = await fetch(`${server.url}/api/dev/calls/${id}`)
    assert.equal(left.status, 404)
    assert.deepEqual(agent.errors, [])
  })
})
