/**
 * The background worker (a classic worker: MediaPipe loads its wasm runtime with `importScripts`). It
 * segments each camera frame with the selfie model and draws it with the background blurred or replaced,
 * off the console's main thread. Bundled on its own (scripts/virtual-background-assets.mjs).
 */
import { FilesetResolver, ImageSegmenter } from '@mediapipe/tasks-vision'
import { Compositor } from './compositor'
import type { BackgroundEffect, FromBackgroundWorker, ToBackgroundWorker } from './protocol'

// The DOM library has no worker scope type: the two members used.
const scope = self as unknown as {
  postMessage(message: FromBackgroundWorker): void
  onmessage: ((event: MessageEvent<ToBackgroundWorker>) => void) | null
}
// MediaPipe's runtime prints its INFO lines on stderr, which reaches console.error: they are not errors.
const printError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('INFO:')) console.info(...args)
  else printError(...args)
}

let effect: BackgroundEffect | null = null
let running = true

function post(message: FromBackgroundWorker): void {
  scope.postMessage(message)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

async function loadSegmenter(wasm: string, model: string): Promise<ImageSegmenter> {
  const fileset = await FilesetResolver.forVisionTasks(wasm)
  return ImageSegmenter.createFromOptions(fileset, {
    // The CPU runs the small selfie model fast enough, and a machine without a GPU gets the same result.
    baseOptions: { modelAssetPath: model, delegate: 'CPU' },
    runningMode: 'VIDEO',
    outputConfidenceMasks: true,
    outputCategoryMask: false,
  })
}

async function run(message: Extract<ToBackgroundWorker, { type: 'start' }>): Promise<void> {
  effect = message.effect
  let segmenter: ImageSegmenter
  try {
    segmenter = await loadSegmenter(message.assets.wasm, message.assets.model)
  } catch (error) {
    post({ type: 'failed', reason: 'model', detail: describe(error) })
    return
  }
  const compositor = new Compositor()
  const reader = message.readable.getReader()
  const writer = message.writable.getWriter()
  const frameMs = 1000 / message.frameRate
  let last = 0
  let workMs = 0
  let keptMask = false
  try {
    while (running) {
      const { value: frame, done } = await reader.read()
      if (done || !frame) break
      const started = performance.now()
      const width = frame.displayWidth
      const height = frame.displayHeight
      const timestamp = frame.timestamp
      let picture: OffscreenCanvas
      try {
        picture = compositor.take(frame, width, height)
      } finally {
        frame.close()
      }
      // Finding the person is most of a frame's work. When the last frame took longer than the camera
      // gives it (a loaded machine), this one keeps the last mask, never two in a row: the background
      // stays on at the camera's rate, its edge one frame behind, rather than dropping frames.
      keptMask = compositor.hasMask && !keptMask && workMs > frameMs
      let segmentMs: number | null = null
      if (!keptMask) {
        // The segmenter needs increasing timestamps in milliseconds.
        last = Math.max(last + 1, Math.round(timestamp / 1000))
        const result = segmenter.segmentForVideo(compositor.shrink(picture, width, height), last)
        try {
          const mask = result.confidenceMasks?.[0]
          if (!mask) throw new Error('the model returned no mask')
          compositor.setMask({ width: mask.width, height: mask.height, confidence: mask.getAsFloat32Array() })
        } finally {
          result.close()
        }
        segmentMs = performance.now() - started
      }
      const output = new VideoFrame(
        compositor.compose(picture, width, height, effect ?? { kind: 'blur', radius: 0 }),
        { timestamp },
      )
      workMs = performance.now() - started
      await writer.write(output)
      post({ type: 'frame', ms: performance.now() - started, segmentMs })
    }
  } catch (error) {
    if (running) post({ type: 'failed', reason: 'processing', detail: describe(error) })
  } finally {
    segmenter.close()
    await reader.cancel().catch(() => undefined)
    await writer.close().catch(() => undefined)
  }
}

scope.onmessage = (event) => {
  const message = event.data
  if (message.type === 'start') void run(message)
  else if (message.type === 'effect') {
    if (effect?.kind === 'image' && effect !== message.effect) effect.image.close()
    effect = message.effect
  } else running = false
}
