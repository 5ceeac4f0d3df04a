/** The worker's source. */
export const WORKER_ENTRY: string
/** Files copied from node_modules: [from, to (inside the folder)]. */
export const COPIED: ReadonlyArray<readonly [string, string]>
/** The model's name in the folder. */
export const MODEL_FILE: string
/** The selfie segmentation model with the metadata MediaPipe's ImageSegmenter needs. */
export function modelFile(): Promise<Uint8Array>
/** Bundles the worker into one classic script. */
export function bundleWorker(options?: { minify?: boolean }): Promise<string>
/** Writes the folder into a build's output directory. */
export function writeVirtualBackground(buildDir: string): Promise<void>
