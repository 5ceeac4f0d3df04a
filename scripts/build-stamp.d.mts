/** What the build reads, relative to the project folder. */
export const BUILD_INPUTS: readonly string[]
/** The stamp's name inside dist/. */
export const STAMP_FILE: string
/** What `npm start` runs once the build is there, inside dist/. */
export const SERVER_ENTRY: string
/** The hash of the build's inputs under `root`. */
export function inputsHash(root?: string, inputs?: readonly string[]): Promise<string>
/** Records in the build folder `dir` the hash of the inputs it was built from. */
export function writeStamp(dir: string, hash: string): Promise<void>
/** The hash recorded in the build folder `dir`, or null. */
export function readStamp(dir: string): Promise<string | null>
/** Builds when dist/ is missing or was made from other inputs than those of now. */
export function ensureBuilt(options: {
  root?: string
  inputs?: readonly string[]
  build: () => void | Promise<void>
  log?: (line: string) => void
}): Promise<{ built: boolean; reason: 'up to date' | 'no build' | 'sources changed' }>
