import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { freshWorld } from './support/world'
import { agentOnline, customerCalls, customerScreen, inConsole, playsFrames } from './support/console-page'

const CUSTOMER_VIDEO = '#remote-videos video'
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000 })

/** What a grabbed frame looks like: mean brightness, and how many sharp edges (neighbours 24 apart or more). */
interface FrameLook {
  brightness: number
  sharpness: number
}

// Built from text: the test's TypeScript transform would add helpers (`__name`) the page lacks. In the
// page, so a look costs no round trip per frame: on a loaded machine those took seconds.
const customerLook = new Function(
  'video',
  `const canvas = document.createElement('canvas')
  canvas.width = 320
  canvas.height = 180
  const context = canvas.getContext('2d', { willReadFrequently: true })
  const lookAt = () => {
    context.drawImage(video, 0, 0, 320, 180)
    const data = context.getImageData(0, 0, 320, 180).data
    let brightness = 0
    let sharpness = 0
    for (let y = 0; y < 180; y++)
      for (let x = 1; x < 320; x++) {
        const i = (y * 320 + x) * 4
        const luma = (data[i] + data[i + 1] + data[i + 2]) / 3
        brightness += luma
        if (Math.abs(luma - (data[i - 4] + data[i - 3] + data[i - 2]) / 3) >= 24) sharpness += 1
      }
    return { brightness: brightness / (319 * 180), sharpness }
  }
  return new Promise((resolve, reject) => {
    const looks = []
    const late = setTimeout(() => reject(new Error(looks.length + ' of 5 frames within 10 s')), 10000)
    const median = (values) => values.sort((a, b) => a - b)[2]
    const next = () => video.requestVideoFrameCallback(() => {
      looks.push(lookAt())
      if (looks.length < 5) return next()
      clearTimeout(late)
      resolve({
        brightness: median(looks.map((look) => look.brightness)),
        sharpness: median(looks.map((look) => look.sharpness)),
      })
    })
    next()
  })`,
) as (video: HTMLVideoElement) => Promise<FrameLook>

/**
 * Looks at the customer's picture (`customerSees`) until `wanted` holds, and returns that look; the last
 * one when `timeoutMs` runs out.
 */
async function lookUntil(
  page: Page,
  wanted: (look: FrameLook) => boolean,
  timeoutMs: number,
): Promise<FrameLook> {
  const deadline = Date.now() + timeoutMs
  let look = await customerSees(page)
  while (!wanted(look) && Date.now() < deadline) look = await customerSees(page)
  return look
}

/** The median look of the next five frames the customer's page presents, each grabbed into a canvas. */
function customerSees(page: Page): Promise<FrameLook> {
  return page.locator(CUSTOMER_VIDEO).first().evaluate(customerLook)
}

describe('virtual background (Chromium, fake camera)', () => {
  const world = freshWorld({ TIMERS })

  it("an agent turns blur on during a call: the customer's video is blurred, live, and the call goes on", async () => {
    const agent = await agentOnline(await world.newContext(), world.server, 'diego@demo.test')
    const customer = await customerCalls(
      await world.newContext(),
      world.server,
      'Support',
      'Paula Playwright',
    )
    await agent.page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
    await agent.page.click(inConsole('.answer-button'))
    await agent.page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
    await customerScreen(customer.page, 'call')
    await playsFrames(customer.page, CUSTOMER_VIDEO)
    const raw = await customerSees(customer.page)
    assert.ok(raw.sharpness > 100, `the fake camera has sharp edges (${raw.sharpness})`)

    // Blur on from the call controls: the worker, wasm and model load from the console's own origin.
    await agent.page.selectOption(inConsole('.background-picker select'), 'blur')
    await agent.page.locator(inConsole('.background-picker[data-status="on"]')).waitFor({ timeout: 60_000 })
    // The selfie model takes most of Chromium's fake camera for background (a part of its turning pie
    // reads as a person and stays sharp): most of the picture's sharp edges go.
    const blurred = await lookUntil(customer.page, (look) => look.sharpness < raw.sharpness / 4, 30_000)
    const status = await agent.page.locator(inConsole('.background-picker')).getAttribute('data-status')
    assert.ok(
      blurred.sharpness < raw.sharpness / 4,
      `blurred ${blurred.sharpness} vs raw ${raw.sharpness}; the background is "${status}"`,
    )
    // The same scene, not a black or frozen picture.
    assert.ok(
      Math.abs(blurred.brightness - raw.brightness) < raw.brightness * 0.3,
      `${blurred.brightness} vs ${raw.brightness}`,
    )
    await playsFrames(customer.page, CUSTOMER_VIDEO)
    assert.equal(await customer.page.evaluate(() => window.customerState.screen), 'call')

    // Off again, live: the customer sees the sharp camera once more, in the same call.
    await agent.page.selectOption(inConsole('.background-picker select'), '')
    // Off even when, on a loaded machine, it had turned itself off as too slow before; a failure says what it
    // shows instead.
    await agent.page
      .locator(inConsole('.background-picker[data-status="off"]'))
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = await agent.page.locator(inConsole('.background-picker')).getAttribute('data-status')
        throw new Error(`the background is "${shown}", not "off", after None was chosen`, { cause: error })
      })
    const sharpAgain = await lookUntil(customer.page, (look) => look.sharpness > raw.sharpness / 2, 30_000)
    assert.ok(
      sharpAgain.sharpness > raw.sharpness / 2,
      `off: ${sharpAgain.sharpness} vs raw ${raw.sharpness}`,
    )
    assert.equal(await customer.page.evaluate(() => window.customerState.screen), 'call')
    // Served from the console's own origin, as WebAssembly, the worker allowed to compile it.
    const wasm = await fetch(`${world.server.url}/dist/cdn/virtual-background/wasm/vision_wasm_internal.wasm`)
    assert.equal(wasm.headers.get('content-type'), 'application/wasm')
    assert.deepEqual(agent.errors, [])
  })
})
