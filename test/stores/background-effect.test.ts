import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { VIRTUAL_BACKGROUND_BLUR, VIRTUAL_BACKGROUND_SLOW_SECONDS } from '../../src/constants'
import type { UserSettings } from '../../src/protocol'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import {
  $backgroundEffect,
  attachBackground,
  replaceBackgroundEngine,
  resumeBackground,
  type BackgroundEngine,
} from '../../src/stores/profile/background-effect'
import { $consoleSettings, $userSettings, resetSettings } from '../../src/stores/profile/settings'
import type { BackgroundPipelineEvents } from '../../src/services/virtual-background/pipeline'
import type { BackgroundEffect } from '../../src/services/virtual-background/protocol'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { SETTINGS } from '../support/settings-fixture'

const IMAGE_ID = 'a'.repeat(24)

/** A video track drawn on a canvas (a camera, or a pipeline's output). */
function canvasTrack(): MediaStreamTrack {
  const canvas = document.createElement('canvas')
  canvas.width = 64
  canvas.height = 36
  canvas.getContext('2d')!.fillRect(0, 0, 64, 36)
  return canvas.captureStream(0).getVideoTracks()[0]!
}

/** A one-pixel PNG as a data URL: an account image the store can read without a server. */
function pixelUrl(): string {
  const canvas = document.createElement('canvas')
  canvas.width = 1
  canvas.height = 1
  return canvas.toDataURL('image/png')
}

/** The pipeline stand-in (this is the store's unit test: the real pipeline has its own browser test). */
interface FakePipeline {
  output: MediaStreamTrack
  effects: BackgroundEffect[]
  events: BackgroundPipelineEvents
  stopped: boolean
}

function choose(background: UserSettings['virtualBackground']['background']): void {
  $userSettings.set({ ringtone: 'classic', virtualBackground: { enabled: background !== '', background } })
}

describe('virtual background effect (store)', () => {
  let time: FakeClock
  let camera: MediaStreamTrack
  let sent: MediaStreamTrack[]
  let pipelines: FakePipeline[]
  let canProcess: boolean
  let engineFails: boolean
  let restoreEngine: () => void
  let detach: () => void

  beforeEach(() => {
    time = fakeClock()
    camera = canvasTrack()
    sent = []
    pipelines = []
    canProcess = true
    engineFails = false
    const engine: BackgroundEngine = {
      canProcess: () => canProcess,
      start: (_camera, effect, events) => {
        const pipeline: FakePipeline = { output: canvasTrack(), effects: [effect], events, stopped: false }
        pipelines.push(pipeline)
        return {
          output: pipeline.output,
          setEffect: (next) => pipeline.effects.push(next),
          stop: () => {
            pipeline.stopped = true
            pipeline.output.stop()
          },
        }
      },
    }
    restoreEngine = replaceBackgroundEngine(async () => {
      if (engineFails) throw new Error('chunk failed')
      return engine
    })
    $consoleSettings.set({
      ...SETTINGS,
      virtualBackground: { enabled: true, images: [{ _id: IMAGE_ID, url: pixelUrl() }] },
    })
  })
  afterEach(() => {
    detach?.()
    restoreEngine()
    resetSettings()
    resumeBackground()
    clearToasts()
    camera.stop()
    time.restore()
  })

  const attach = () => {
    detach = attachBackground(camera, (track) => sent.push(track))
  }
  /** Blur chosen, the camera attached, and the pipeline's first frame out (the background is on). */
  const blurring = async (): Promise<FakePipeline> => {
    choose('blur')
    attach()
    await waitUntil(() => pipelines.length === 1, 'no pipeline', { timeout: 2000 })
    const pipeline = pipelines[0]!
    pipeline.events.onFrame(12, 6)
    return pipeline
  }
  /** The worker reports `count` processed frames spread over one second. */
  const frames = async (pipeline: FakePipeline, count: number) => {
    for (let i = 0; i < count; i++) {
      pipeline.events.onFrame(10, 5)
      // Whole milliseconds that add up to exactly one second.
      await time.tick(Math.floor((1000 * (i + 1)) / count) - Math.floor((1000 * i) / count))
    }
    if (count === 0) await time.tick(1000)
  }

  it('sends the camera as it is while the background is off', async () => {
    choose('')
    attach()
    await time.tick(0)
    expect(pipelines).to.have.length(0)
    expect(sent).to.deep.equal([])
    expect($backgroundEffect.get()).to.deep.equal({ status: 'off', error: null })
  })

  it('turns blur on: loading, then the processed track is sent from its first frame', async () => {
    choose('blur')
    attach()
    await waitUntil(() => pipelines.length === 1, 'no pipeline', { timeout: 2000 })
    expect(pipelines[0]!.effects).to.deep.equal([{ kind: 'blur', radius: VIRTUAL_BACKGROUND_BLUR }])
    expect($backgroundEffect.get().status).to.equal('loading')
    expect(sent).to.deep.equal([])
    pipelines[0]!.events.onFrame(12, 6)
    expect(sent).to.deep.equal([pipelines[0]!.output])
    expect($backgroundEffect.get()).to.deep.equal({ status: 'on', error: null })
  })

  it('switches blur → image live on the same track, then off back to the camera', async () => {
    const pipeline = await blurring()
    choose(IMAGE_ID)
    await waitUntil(() => pipeline.effects.length === 2, 'no switch', { timeout: 2000 })
    expect(pipeline.effects[1]!.kind).to.equal('image')
    expect(pipelines).to.have.length(1)
    expect(sent).to.deep.equal([pipeline.output])
    choose('')
    await time.tick(0)
    expect(sent).to.deep.equal([pipeline.output, camera])
    expect(pipeline.stopped).to.equal(true)
    expect(camera.readyState).to.equal('live')
    expect($backgroundEffect.get().status).to.equal('off')
  })

  it("judges a slow camera against its own rate (Chromium's fake one sends 20 a second)", async () => {
    choose('blur')
    const slowCamera = canvasTrack()
    const settings = slowCamera.getSettings()
    slowCamera.getSettings = () => ({ ...settings, frameRate: 20 })
    detach = attachBackground(slowCamera, (track) => sent.push(track))
    await waitUntil(() => pipelines.length === 1, 'no pipeline', { timeout: 2000 })
    const pipeline = pipelines[0]!
    pipeline.events.onFrame(12, 6)
    // 13 a second: below 15, but above 60 % of 20.
    for (let second = 0; second < VIRTUAL_BACKGROUND_SLOW_SECONDS * 2; second++) await frames(pipeline, 13)
    expect($backgroundEffect.get().status).to.equal('on')
    for (let second = 0; second < VIRTUAL_BACKGROUND_SLOW_SECONDS; second++) await frames(pipeline, 11)
    expect($backgroundEffect.get().status).to.equal('too-slow')
    slowCamera.stop()
  })

  it('keeps going at a frame rate the machine can hold', async () => {
    const pipeline = await blurring()
    for (let second = 0; second < VIRTUAL_BACKGROUND_SLOW_SECONDS * 2; second++) await frames(pipeline, 24)
    expect($backgroundEffect.get().status).to.equal('on')
    expect(pipeline.stopped).to.equal(false)
  })

  it('turns itself off with a notice when the machine cannot keep up, and stays off until chosen again', async () => {
    const pipeline = await blurring()
    for (let second = 1; second < VIRTUAL_BACKGROUND_SLOW_SECONDS; second++) await frames(pipeline, 8)
    expect($backgroundEffect.get().status).to.equal('on')
    await frames(pipeline, 8)
    expect($backgroundEffect.get()).to.deep.equal({ status: 'too-slow', error: 'virtualBackground.tooSlow' })
    expect(sent).to.deep.equal([pipeline.output, camera])
    expect(pipeline.stopped).to.equal(true)
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['virtualBackground.tooSlow'])
    // The settings still say blur: nothing restarts by itself…
    $userSettings.set({ ...$userSettings.get()! })
    await time.tick(0)
    expect(pipelines).to.have.length(1)
    // …until the agent chooses it again.
    resumeBackground()
    await waitUntil(() => pipelines.length === 2, 'not tried again', { timeout: 2000 })
  })

  it('does not count a stalled or sleeping page as slow seconds: only the seconds around it', async () => {
    const pipeline = await blurring()
    for (let second = 1; second < VIRTUAL_BACKGROUND_SLOW_SECONDS; second++) await frames(pipeline, 8)
    // No tick, no frame for 3 s (the machine slept, or the page was too busy): its late tick judges nothing.
    await time.jump(3000)
    expect($backgroundEffect.get().status).to.equal('on')
    await frames(pipeline, 8)
    expect($backgroundEffect.get()).to.deep.equal({ status: 'too-slow', error: 'virtualBackground.tooSlow' })
  })

  it('None chosen after it turned itself off (too slow, unsupported): the status is off, its message gone', async () => {
    const pipeline = await blurring()
    for (let second = 0; second < VIRTUAL_BACKGROUND_SLOW_SECONDS; second++) await frames(pipeline, 8)
    expect($backgroundEffect.get().status).to.equal('too-slow')
    // As chooseBackground('') does: saved, then resumed.
    choose('')
    resumeBackground()
    await time.tick(0)
    expect($backgroundEffect.get()).to.deep.equal({ status: 'off', error: null })
    expect(pipelines).to.have.length(1)

    canProcess = false
    choose('blur')
    resumeBackground()
    await waitUntil(() => $backgroundEffect.get().status === 'unsupported', 'not unsupported', {
      timeout: 2000,
    })
    choose('')
    resumeBackground()
    await time.tick(0)
    expect($backgroundEffect.get()).to.deep.equal({ status: 'off', error: null })
  })

  it('a model that cannot load: a clear message, and the camera goes on as it is', async () => {
    choose('blur')
    attach()
    await waitUntil(() => pipelines.length === 1, 'no pipeline', { timeout: 2000 })
    pipelines[0]!.events.onFailed('model', 'HTTP 404')
    expect($backgroundEffect.get()).to.deep.equal({
      status: 'failed',
      error: 'virtualBackground.errors.modelFailed',
    })
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal([
      'virtualBackground.errors.modelFailed',
    ])
    expect(sent).to.deep.equal([])
    expect(camera.readyState).to.equal('live')
    // Not retried behind the agent's back.
    $userSettings.set({ ...$userSettings.get()! })
    await time.tick(0)
    expect(pipelines).to.have.length(1)
  })

  it('a processing failure after it was on hands the camera back', async () => {
    const pipeline = await blurring()
    pipeline.events.onFailed('processing', 'VideoFrame closed')
    expect(sent).to.deep.equal([pipeline.output, camera])
    expect($backgroundEffect.get().error).to.equal('virtualBackground.errors.processingFailed')
  })

  it('a browser that cannot process video off the main thread is told so', async () => {
    canProcess = false
    choose('blur')
    attach()
    await waitUntil(() => $backgroundEffect.get().status === 'unsupported', 'not unsupported', {
      timeout: 2000,
    })
    expect(pipelines).to.have.length(0)
    expect($backgroundEffect.get().error).to.equal('virtualBackground.errors.unsupported')
  })

  it('the pipeline code cannot load: a clear message, the camera as it is', async () => {
    engineFails = true
    choose('blur')
    attach()
    await waitUntil(() => $backgroundEffect.get().status === 'failed', 'no failure', { timeout: 2000 })
    expect(sent).to.deep.equal([])
    expect($backgroundEffect.get().error).to.equal('virtualBackground.errors.modelFailed')
  })

  it('an account that switches the feature off turns the background off', async () => {
    await blurring()
    $consoleSettings.set({ ...SETTINGS, virtualBackground: { enabled: false, images: [] } })
    await time.tick(0)
    expect(sent.at(-1)).to.equal(camera)
    expect($backgroundEffect.get().status).to.equal('off')
  })

  it('detaching stops the processing and hands the camera back', async () => {
    await blurring()
    detach()
    expect(pipelines[0]!.stopped).to.equal(true)
    expect(sent.at(-1)).to.equal(camera)
    expect(camera.readyState).to.equal('live')
  })
})
