// What dist/ was built from: a hash of the build's inputs, written by scripts/build.mjs into the build
// (`dist/.build-hash`), so that `npm start` (scripts/start.mjs) builds only when a source changed since.
// The hash is of contents, not of modification times: a checkout, a touch or a file written again with
// the same bytes (the build's generated icon modules) does not count as a change.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

/**
 * What the build reads: the console, the server, messages, pages, the build's own scripts and settings,
 * and the lock file that pins every package it bundles. A path that does not exist is skipped.
 */
export const BUILD_INPUTS = [
  'src',
  'server',
  'locales',
  'demo',
  'scripts',
  'conformance',
  'contract',
  'package.json',
  'package-lock.json',
  'rollup.config.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'custom-elements-manifest.config.mjs',
]

/** The stamp's name inside dist/. */
export const STAMP_FILE = '.build-hash'

/** What `npm start` runs once the build is there. */
export const SERVER_ENTRY = 'server/main.js'

/** Every file of the inputs under `root`, relative, sorted; dot-files and nested node_modules skipped. */
async function inputFiles(root, inputs) {
  const files = []
  for (const input of inputs) {
    const path = join(root, input)
    if (!existsSync(path)) continue
    const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch((error) => {
      if (error.code === 'ENOTDIR') return null
      throw error
    })
    if (entries === null) {
      files.push(input)
      continue
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const file = relative(root, join(entry.parentPath ?? entry.path, entry.name))
      const parts = file.split(sep)
      if (parts.some((part) => part.startsWith('.') || part === 'node_modules')) continue
      files.push(parts.join('/'))
    }
  }
  return files.sort()
}

/**
 * The hash of the build's inputs under `root`: each file's path and bytes, in path order.
 *
 * @param {string} [root] the project folder
 * @param {readonly string[]} [inputs] folders and files, relative to `root`
 * @returns {Promise<string>} hex SHA-256
 *
 * @example
 * const hash = await inputsHash('.')
 */
export async function inputsHash(root = '.', inputs = BUILD_INPUTS) {
  const hash = createHash('sha256')
  for (const file of await inputFiles(root, inputs)) {
    const bytes = await readFile(join(root, file))
    // Lengths keep two different sets of files from hashing the same.
    hash.update(`${file.length}:${file}:${bytes.length}:`).update(bytes)
  }
  return hash.digest('hex')
}

/**
 * Records in the build folder `dir` the hash of the inputs it was built from.
 *
 * @param {string} dir the build folder (dist/, or the folder swapped into it)
 * @param {string} hash from {@link inputsHash}, taken before the build read its inputs
 */
export async function writeStamp(dir, hash) {
  await writeFile(join(dir, STAMP_FILE), `${hash}\n`)
}

/** The hash recorded in the build folder `dir`, or null when there is none. */
export async function readStamp(dir) {
  try {
    return (await readFile(join(dir, STAMP_FILE), 'utf8')).trim() || null
  } catch {
    return null
  }
}

/**
 * Builds when the build in `root/dist` is missing or was made from other inputs than those of now; the
 * build is expected to stamp its output (scripts/build.mjs does).
 *
 * @param {{ root?: string, inputs?: readonly string[], build: () => void | Promise<void>, log?: (line: string) => void }} options
 * @returns {Promise<{ built: boolean, reason: 'up to date' | 'no build' | 'sources changed' }>}
 *
 * @example
 * await ensureBuilt({ build: () => execFileSync('npm', ['run', 'build'], { stdio: 'inherit' }) })
 */
export async function ensureBuilt({ root = '.', inputs = BUILD_INPUTS, build, log = () => {} }) {
  const dist = join(root, 'dist')
  const [hash, stamp] = await Promise.all([inputsHash(root, inputs), readStamp(dist)])
  const reason =
    !existsSync(join(dist, SERVER_ENTRY)) || stamp === null
      ? 'no build'
      : stamp === hash
        ? 'up to date'
        : 'sources changed'
  if (reason === 'up to date') {
    log(`dist/ is up to date with the sources (${hash.slice(0, 12)}): no build`)
    return { built: false, reason }
  }
  log(
    reason === 'no build'
      ? 'no stamped build in dist/: building'
      : `the sources changed since the last build (${stamp.slice(0, 12)} → ${hash.slice(0, 12)}): building`,
  )
  await build()
  if (!existsSync(join(dist, SERVER_ENTRY))) throw new Error(`the build wrote no dist/${SERVER_ENTRY}`)
  return { built: true, reason }
}
