import { backgroundFiles, type BackgroundFiles } from './assets'
import { workerScript } from './worker-url'
import type {
  BackgroundEffect,
  BackgroundFailure,
  FromBackgroundWorker,
  ToBackgroundWorker,
} from './protocol'

// Chromium's insertable streams for video (not yet in TypeScript's DOM library).
interface TrackProcessor {
  readonly readable: ReadableStream<VideoFrame>
}
interface TrackGenerator extends MediaStreamTrack {
  readonly writable: WritableStream<VideoFrame>
}
interface InsertableStreams {
  MediaStreamTrackProcessor?: new (init: {
    track: MediaStreamTrack
    maxBufferSize?: number
  }) => TrackProcessor
  MediaStreamTrackGenerator?: new (init: { kind: 'video' }) => TrackGenerator
}

/** What the owner of a pipeline is told. */
export interface BackgroundPipelineEvents {
  /**
   * A processed frame was sent, after `ms` of work in the worker (`segmentMs` of it finding the person;
   * `null` when the worker, behind, kept the last frame's mask). The first one means the output is live.
   */
  onFrame(ms: number, segmentMs: number | null): void
  /** The processing stopped by itself: the model could not load, or a frame could not be drawn. */
  onFailed(reason: BackgroundFailure, detail: string): void
}

/** A camera track being processed off the main thread. */
export interface BackgroundPipeline {
  /** The processed video: send this instead of the camera's track. */
  readonly output: MediaStreamTrack
  /** Switches blur ↔ image live (same output track, nothing renegotiated). */
  setEffect(effect: BackgroundEffect): void
  /** Stops the worker and the output track (the camera's own track is left as it was). */
  stop(): void
}

function streams(): Required<InsertableStreams> | null {
  const api = globalThis as InsertableStreams
  if (!api.MediaStreamTrackProcessor || !api.MediaStreamTrackGenerator) return null
  if (typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') return null
  return api as Required<InsertableStreams>
}

/** Whether this browser can process video off the main thread (Chromium's insertable streams, OffscreenCanvas). */
export function canProcessBackground(): boolean {
  return streams() !== null
}

function transferOf(effect: BackgroundEffect): Transferable[] {
  return effect.kind === 'image' ? [effect.image] : []
}

/**
 * Starts processing a camera track in a worker: frames go from a `MediaStreamTrackProcessor` to the
 * worker and come back on a `MediaStreamTrackGenerator`, never through the main thread. Throws when the
 * browser cannot (check `canProcessBackground()` first).
 *
 * @example
 * const pipeline = startBackgroundPipeline(cameraTrack, { kind: 'blur', radius: 7 }, { onFrame, onFailed })
 * await sender.replaceTrack(pipeline.output)
 */
export function startBackgroundPipeline(
  camera: MediaStreamTrack,
  effect: BackgroundEffect,
  events: BackgroundPipelineEvents,
  files: BackgroundFiles = backgroundFiles(),
): BackgroundPipeline {
  const api = streams()
  if (!api) throw new Error('This browser cannot process video in a worker')
  // A clone is read, so stopping the pipeline never ends the camera's own track.
  const input = camera.clone()
  const processor = new api.MediaStreamTrackProcessor({ track: input, maxBufferSize: 1 })
  const output = new api.MediaStreamTrackGenerator({ kind: 'video' })
  // Embedded on another origin, the worker starts from a same-origin blob: that imports the script.
  const script = workerScript(files.worker)
  const worker = new Worker(script.url, { name: 'virtual-background' })
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    script.release()
    worker.postMessage({ type: 'stop' } satisfies ToBackgroundWorker)
    worker.terminate()
    input.stop()
    output.stop()
  }
  worker.onmessage = (event: MessageEvent<FromBackgroundWorker>) => {
    if (stopped) return
    const message = event.data
    // The worker answered, so its loader has run: the blob: URL is not needed any more.
    script.release()
    if (message.type === 'frame') events.onFrame(message.ms, message.segmentMs)
    else if (message.type === 'failed') {
      stop()
      events.onFailed(message.reason, message.detail)
    }
  }
  worker.onerror = (event) => {
    event.preventDefault()
    if (stopped) return
    stop()
    events.onFailed('model', event.message || 'the background worker could not start')
  }
  const start: ToBackgroundWorker = {
    type: 'start',
    readable: processor.readable,
    writable: output.writable,
    assets: { wasm: files.wasm, model: files.model },
    effect,
    frameRate: camera.getSettings().frameRate || 30,
  }
  worker.postMessage(start, [processor.readable, output.writable, ...transferOf(effect)])
  return {
    output,
    setEffect(next) {
      if (!stopped)
        worker.postMessage({ type: 'effect', effect: next } satisfies ToBackgroundWorker, transferOf(next))
    },
    stop,
  }
}
