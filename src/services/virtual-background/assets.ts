import type { BackgroundAssets } from './protocol'

/** The folder the build writes the worker, the wasm runtime and the model to, beside the bundle's chunks. */
export const VIRTUAL_BACKGROUND_FOLDER = 'virtual-background/'

/** The model file (MediaPipe's landscape selfie segmentation, 256×144, from `@mediapipe/selfie_segmentation`). */
export const VIRTUAL_BACKGROUND_MODEL = 'selfie_segmentation_landscape.tflite'

/** Where the worker and its files are: a folder URL ending in `/`. */
export interface BackgroundFiles extends BackgroundAssets {
  worker: string
}

/**
 * The files of a virtual background folder. The default is the bundle's own (this module sits in
 * `dist/<build>/chunks/`, the folder in `dist/<build>/virtual-background/`), so nothing comes from
 * another origin.
 *
 * @example
 * const files = backgroundFiles() // …/dist/cdn/virtual-background/worker.js
 */
export function backgroundFiles(
  folder: string | URL = new URL(`../${VIRTUAL_BACKGROUND_FOLDER}`, import.meta.url),
): BackgroundFiles {
  const base = new URL(folder, globalThis.location?.href)
  return {
    worker: new URL('worker.js', base).href,
    wasm: new URL('wasm', base).href,
    model: new URL(VIRTUAL_BACKGROUND_MODEL, base).href,
  }
}
