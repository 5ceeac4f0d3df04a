import { atom } from 'nanostores'
import {
  VIRTUAL_BACKGROUND_BLUR,
  VIRTUAL_BACKGROUND_MIN_FPS,
  VIRTUAL_BACKGROUND_SLOW_SECONDS,
} from '../../constants'
import { HTTP_PATHS, type VirtualBackgroundChoice } from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import type { BackgroundPipeline, BackgroundPipelineEvents } from '../../services/virtual-background/pipeline'
import type { BackgroundEffect } from '../../services/virtual-background/protocol'
import type { MessageId } from '../app/i18n'
import { $config } from '../app/config'
import { notify } from '../app/toasts'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { $consoleSettings, $userSettings } from './settings'

/**
 * The virtual background applied to the camera (SPEC §3 user settings): `off`, `loading` (the model and
 * worker start; the camera is sent as it is meanwhile), `on`, or turned off by itself: `failed` (model or
 * image could not load), `too-slow` (the machine could not keep up), `unsupported` (this browser cannot
 * process video off the main thread).
 */
export type BackgroundEffectStatus = 'off' | 'loading' | 'on' | 'failed' | 'too-slow' | 'unsupported'

/** The effect's state, with the message that explains a stop. */
export interface BackgroundEffectState {
  status: BackgroundEffectStatus
  error: MessageId | null
}

const OFF: BackgroundEffectState = { status: 'off', error: null }

/** The spans of time the frame rate is judged on: about the monitor's second. */
const JUDGED_MS = { min: 500, max: 2000 }

/** The state of the virtual background on the camera attached last. */
export const $backgroundEffect = atom<BackgroundEffectState>(OFF)

/** What processes the video: the worker pipeline, loaded with the first background turned on. */
export interface BackgroundEngine {
  canProcess(): boolean
  start(
    camera: MediaStreamTrack,
    effect: BackgroundEffect,
    events: BackgroundPipelineEvents,
  ): BackgroundPipeline
}

// The pipeline's module (and through it the worker, wasm and model) loads only when a background is on.
const loadPipeline = (): Promise<BackgroundEngine> =>
  import('../../services/virtual-background/pipeline').then((module) => ({
    canProcess: module.canProcessBackground,
    start: (camera, effect, events) => module.startBackgroundPipeline(camera, effect, events),
  }))

let loadEngine: () => Promise<BackgroundEngine> = loadPipeline

/**
 * Replaces the engine (a unit test of this store gives a fake pipeline). Returns the restore function.
 *
 * @example
 * const restore = replaceBackgroundEngine(async () => fakeEngine)
 */
export function replaceBackgroundEngine(load: () => Promise<BackgroundEngine>): () => void {
  const previous = loadEngine
  loadEngine = load
  return () => {
    loadEngine = previous
  }
}

// A choice the machine could not keep up with stays off for the session, until the agent chooses again.
let suspended: VirtualBackgroundChoice | null = null
const attachments = new Set<Attachment>()

/** The agent's background, when the account allows it (before the console settings arrive, the choice alone). */
function chosenBackground(): VirtualBackgroundChoice {
  const chosen = $userSettings.get()?.virtualBackground
  const allowed = $consoleSettings.get()?.virtualBackground.enabled ?? true
  if (!allowed || !chosen?.enabled || !chosen.background) return ''
  return chosen.background
}

/** The background to apply: the agent's, unless it was too slow this session. */
function wanted(): VirtualBackgroundChoice {
  const chosen = chosenBackground()
  return chosen === suspended ? '' : chosen
}

async function readImage(id: string): Promise<ImageBitmap> {
  const account = $consoleSettings.get()?.virtualBackground.images.find((image) => image._id === id)
  const blob = account
    ? await fetch(new URL(account.url, new URL($config.get().apiUrl, location.href))).then((response) => {
        if (!response.ok) throw new Error(`background image: HTTP ${response.status}`)
        return response.blob()
      })
    : ((await api().get(HTTP_PATHS.backgroundImage(id), { responseType: 'blob' })) as Blob)
  return createImageBitmap(blob)
}

async function effectOf(choice: VirtualBackgroundChoice): Promise<BackgroundEffect> {
  if (choice === 'blur') return { kind: 'blur', radius: VIRTUAL_BACKGROUND_BLUR }
  return { kind: 'image', image: await readImage(choice) }
}

/** One camera track kept processed while attached. */
class Attachment {
  private pipeline: BackgroundPipeline | null = null
  /** The processed track is what `onVideo` was last given. */
  private sendingProcessed = false
  private applied: VirtualBackgroundChoice = ''
  private generation = 0
  private frames = 0
  /** How long, in ms, the rate has been below the minimum without a break. */
  private slowMs = 0
  private monitor: TimerId | undefined

  constructor(
    private readonly camera: MediaStreamTrack,
    private readonly onVideo: (track: MediaStreamTrack) => void,
  ) {}

  private set(state: BackgroundEffectState): void {
    if ([...attachments].at(-1) === this) $backgroundEffect.set(state)
  }

  /** Brings the video in line with the agent's choice. */
  async reconcile(): Promise<void> {
    const choice = wanted()
    if (choice === this.applied) {
      // None chosen after the background turned itself off (too slow, unsupported): that stop is over.
      if (!chosenBackground()) this.set(OFF)
      return
    }
    const mine = ++this.generation
    if (!choice) return this.turnOff(OFF)
    const wasOn = this.pipeline !== null
    if (!wasOn) this.set({ status: 'loading', error: null })
    let engine: BackgroundEngine
    let effect: BackgroundEffect
    try {
      engine = await loadEngine()
    } catch (error) {
      if (mine !== this.generation) return
      console.warn('[agent-console] the virtual background could not load', error)
      return this.fail(choice, 'virtualBackground.errors.modelFailed')
    }
    try {
      effect = await effectOf(choice)
    } catch (error) {
      if (mine !== this.generation) return
      console.warn('[agent-console] the background image could not load', error)
      return this.fail(choice, 'virtualBackground.errors.imageFailed')
    }
    if (mine !== this.generation) {
      if (effect.kind === 'image') effect.image.close()
      return
    }
    this.applied = choice
    // Blur ↔ image on a running pipeline: the same output track, nothing renegotiated.
    if (this.pipeline) return this.pipeline.setEffect(effect)
    if (!engine.canProcess())
      return this.turnOff({ status: 'unsupported', error: 'virtualBackground.errors.unsupported' }, true)
    this.pipeline = engine.start(this.camera, effect, {
      onFrame: () => {
        if (mine !== this.generation) return
        this.frames++
        if (this.sendingProcessed || !this.pipeline) return
        this.sendingProcessed = true
        this.onVideo(this.pipeline.output)
        this.set({ status: 'on', error: null })
        this.watch()
      },
      onFailed: (reason, detail) => {
        if (mine !== this.generation) return
        console.warn('[agent-console] the virtual background stopped', reason, detail)
        this.fail(
          choice,
          reason === 'model'
            ? 'virtualBackground.errors.modelFailed'
            : 'virtualBackground.errors.processingFailed',
        )
      },
    })
  }

  /**
   * Counts processed frames each second; too few for too long and the background turns itself off. Only
   * about a second is judged at a time: after the page stalled or slept, a late tick (or a burst of them)
   * says nothing of the pipeline's rate.
   */
  private watch(): void {
    this.frames = 0
    this.slowMs = 0
    let since = clock.now()
    clock.clearInterval(this.monitor)
    // A camera slower than usual (Chromium's fake one sends 20 a second) is judged against its own rate.
    const cameraFps = this.camera.getSettings().frameRate || 30
    const minimum = Math.min(VIRTUAL_BACKGROUND_MIN_FPS, cameraFps * 0.6)
    this.monitor = clock.setInterval(() => {
      const elapsed = clock.now() - since
      if (elapsed < JUDGED_MS.min) return
      since += elapsed
      const rate = (this.frames * 1000) / elapsed
      this.frames = 0
      if (elapsed > JUDGED_MS.max) return
      this.slowMs = rate < minimum ? this.slowMs + elapsed : 0
      if (this.slowMs < VIRTUAL_BACKGROUND_SLOW_SECONDS * 1000) return
      suspended = this.applied
      this.turnOff({ status: 'too-slow', error: 'virtualBackground.tooSlow' }, true)
    }, 1000)
  }

  private fail(choice: VirtualBackgroundChoice, error: MessageId): void {
    this.turnOff({ status: 'failed', error }, true)
    // Tried again only when the agent chooses again.
    this.applied = choice
  }

  /** Back to the camera as it is. */
  private turnOff(state: BackgroundEffectState, tell = false): void {
    clock.clearInterval(this.monitor)
    this.monitor = undefined
    this.generation++
    const pipeline = this.pipeline
    this.pipeline = null
    this.applied = ''
    if (this.sendingProcessed) this.onVideo(this.camera)
    this.sendingProcessed = false
    pipeline?.stop()
    this.set(state)
    if (tell && state.error) notify({ variant: 'warning', messageId: state.error, key: 'virtual-background' })
  }

  /** Tries a failed choice again. */
  retry(): void {
    if (!this.pipeline) this.applied = ''
    void this.reconcile()
  }

  detach(): void {
    this.turnOff(OFF)
  }
}

function reconcileAll(): void {
  for (const attachment of attachments) void attachment.reconcile()
}

/**
 * Keeps a camera's video processed with the agent's virtual background while attached: `onVideo` gets
 * the track to send each time it changes (the processed one once its first frame is out; the camera's
 * own when the background is off, fails or is too slow). The camera's track is never stopped here.
 * Returns the detach function (it stops the processing and hands the camera's track back).
 *
 * @example
 * const detach = attachBackground(camera, (track) => sender.replaceTrack(track))
 */
export function attachBackground(
  camera: MediaStreamTrack,
  onVideo: (track: MediaStreamTrack) => void,
): () => void {
  const attachment = new Attachment(camera, onVideo)
  attachments.add(attachment)
  $backgroundEffect.set(OFF)
  void attachment.reconcile()
  return () => {
    if (!attachments.delete(attachment)) return
    attachment.detach()
    const last = [...attachments].at(-1)
    if (!last) $backgroundEffect.set(OFF)
  }
}

/**
 * The agent chose a background again (the profile page): a choice turned off for being too slow or for
 * failing is tried again.
 *
 * @example
 * resumeBackground()
 */
export function resumeBackground(): void {
  suspended = null
  for (const attachment of attachments) attachment.retry()
}

$userSettings.listen(reconcileAll)
$consoleSettings.listen(reconcileAll)
onLogout(() => {
  suspended = null
})
