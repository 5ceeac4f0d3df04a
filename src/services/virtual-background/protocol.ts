/**
 * The messages between the console and its background worker (worker.ts). The worker reads camera frames
 * from `readable`, draws each with the background replaced, and writes it to `writable`.
 */

/** What goes behind the agent: a blur of the room, or a picture (drawn to cover the frame). */
export type BackgroundEffect = { kind: 'blur'; radius: number } | { kind: 'image'; image: ImageBitmap }

/** Where the worker finds the segmentation runtime and model (served from the console's own origin). */
export interface BackgroundAssets {
  /** Folder of the MediaPipe wasm files (`vision_wasm_internal.js` / `.wasm`). */
  wasm: string
  /** The selfie segmentation model (`.tflite`). */
  model: string
}

/** Console → worker. */
export type ToBackgroundWorker =
  | {
      type: 'start'
      readable: ReadableStream<VideoFrame>
      writable: WritableStream<VideoFrame>
      assets: BackgroundAssets
      effect: BackgroundEffect
      /** The camera's frames per second: a frame's work beyond its share means the worker is behind. */
      frameRate: number
    }
  | { type: 'effect'; effect: BackgroundEffect }
  | { type: 'stop' }

/** Why the processing stopped by itself. */
export type BackgroundFailure = 'model' | 'processing'

/**
 * Worker → console: `frame` after each processed frame, with the time it took and the model's part of it
 * (`null` when the frame kept the last frame's mask, the worker being behind).
 */
export type FromBackgroundWorker =
  | { type: 'frame'; ms: number; segmentMs: number | null }
  | { type: 'failed'; reason: BackgroundFailure; detail: string }
