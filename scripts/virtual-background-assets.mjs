// The virtual background's files, written beside each build's chunks (`dist/<build>/virtual-background/`):
// the worker (bundled on its own, as a classic script: MediaPipe loads its wasm runtime with
// `importScripts`), MediaPipe's wasm runtime (`@mediapipe/tasks-vision`, the SIMD build: every browser
// with insertable streams has SIMD) and the selfie segmentation model (`@mediapipe/selfie_segmentation`,
// given the metadata the segmenter needs: scripts/tflite-metadata.mjs).
// Served from the console's own origin; nothing is fetched from a CDN.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import { imageModelMetadata, withTfliteMetadata } from './tflite-metadata.mjs'

/** The worker's source. */
export const WORKER_ENTRY = 'src/services/virtual-background/worker.ts'

/** Files copied from node_modules: [from, to (inside the folder)]. */
export const COPIED = [
  ['node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_internal.js', 'wasm/vision_wasm_internal.js'],
  ['node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_internal.wasm', 'wasm/vision_wasm_internal.wasm'],
]

/** The model's name in the folder (src/services/virtual-background/assets.ts reads it from there). */
export const MODEL_FILE = 'selfie_segmentation_landscape.tflite'

/**
 * The selfie segmentation model (256×144, for landscape frames) with the metadata MediaPipe's
 * ImageSegmenter needs: RGB input scaled to 0…1, as MediaPipe's own selfie graph feeds it.
 *
 * @returns {Promise<Uint8Array>}
 */
export async function modelFile() {
  const model = await readFile(`node_modules/@mediapipe/selfie_segmentation/${MODEL_FILE}`)
  const metadata = imageModelMetadata({
    name: 'selfie_segmentation_landscape',
    mean: 0,
    std: 255,
    outputs: 1,
  })
  return withTfliteMetadata(new Uint8Array(model), metadata)
}

/**
 * Bundles the worker into one classic script.
 *
 * @param {{ minify?: boolean }} options
 * @returns {Promise<string>} the script
 */
export async function bundleWorker({ minify = true } = {}) {
  const result = await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify,
    legalComments: 'none',
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no background worker')
  return output.text
}

/**
 * Writes the folder into a build's output directory.
 *
 * @param {string} buildDir e.g. `.dist-next/cdn`
 */
export async function writeVirtualBackground(buildDir) {
  const folder = join(buildDir, 'virtual-background')
  await mkdir(join(folder, 'wasm'), { recursive: true })
  await writeFile(join(folder, 'worker.js'), await bundleWorker())
  for (const [from, to] of COPIED) await copyFile(from, join(folder, to))
  await writeFile(join(folder, MODEL_FILE), await modelFile())
}
