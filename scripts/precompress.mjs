// Brotli (quality 11) and gzip (level 9) beside each text file of a build folder (`x.js` → `x.js.br`,
// `x.js.gz`), so the reference server sends compressed bytes without compressing at each request
// (server/http/built-files.ts), as would a CDN or nginx's `brotli_static`/`gzip_static`. Compressed copies
// are kept in a cache keyed by the content's hash: quality 11 takes ~45 s for the virtual background's
// 11 MB wasm runtime on a busy 2-core machine, and that file (like most chunks) is the same from one build
// to the next. Source maps are left alone: only developer tools fetch them.
// Usage: node scripts/precompress.mjs <folder>
import { createHash } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { extname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The extensions that get compressed copies: text, and WebAssembly (which compresses to a fifth). */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.html', '.svg', '.txt', '.wasm'])

/** Where compressed copies are kept between builds (node_modules is never committed nor published). */
export const DEFAULT_CACHE = 'node_modules/.cache/precompressed'

/** Files whose name says they are a compressed copy. */
const COPY = /\.(br|gz)$/

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)))
}

/** Runs `task` over `items`, `limit` at a time (zlib's async calls run on libuv's thread pool). */
async function eachLimited(items, limit, task) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Both compressed copies of `bytes`: Brotli at its best quality (window sized to the file), gzip 9. */
async function compress(bytes, wasm) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: wasm ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        // A window as large as the file (up to 16 MB) finds repeats across all of it.
        [constants.BROTLI_PARAM_LGWIN]: Math.min(
          constants.BROTLI_MAX_WINDOW_BITS,
          Math.max(constants.BROTLI_DEFAULT_WINDOW, Math.ceil(Math.log2(bytes.length + 1))),
        ),
      },
    }),
    gzipped(bytes, { level: 9 }),
  ])
  return { br, gz }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir` (a copy that would not be
 * smaller than the file is not written, and a stale one is removed). The cache folder keeps this run's
 * copies only: what no file of this run used is deleted at the end.
 *
 * @param {string} dir the build folder, e.g. `dist/cdn`
 * @param {{ cacheDir?: string | null, log?: (line: string) => void }} [options] `cacheDir: null`: no cache
 * @returns {Promise<{ files: number, compressed: number, fromCache: number, bytes: number, brotliBytes: number, gzipBytes: number }>}
 *
 * @example
 * await precompress('.dist-next/cdn')
 */
export async function precompress(dir, { cacheDir = DEFAULT_CACHE, log = () => {} } = {}) {
  const root = resolve(dir)
  const cache = cacheDir === null ? null : resolve(cacheDir)
  if (cache) await mkdir(cache, { recursive: true })
  const all = await filesUnder(root)
  // Copies left from an earlier run beside files that are gone or no longer compressed.
  const wanted = new Set(all.filter((file) => COMPRESSIBLE.has(extname(file))))
  for (const file of all.filter((name) => COPY.test(name)))
    if (!wanted.has(file.replace(COPY, ''))) await rm(join(root, file))
  const used = new Set()
  const totals = { files: wanted.size, compressed: 0, fromCache: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  await eachLimited([...wanted], Math.max(2, availableParallelism()), async (file) => {
    const path = join(root, file)
    const bytes = await readFile(path)
    const key = createHash('sha256').update(bytes).digest('hex')
    used.add(key)
    let copies = cache ? await cached(cache, key) : null
    if (copies) totals.fromCache++
    else {
      copies = await compress(bytes, extname(file) === '.wasm')
      if (cache) await store(cache, key, copies)
    }
    totals.compressed++
    totals.bytes += bytes.length
    for (const [suffix, copy] of [
      ['.br', copies.br],
      ['.gz', copies.gz],
    ]) {
      if (copy.length < bytes.length) await writeFile(path + suffix, copy)
      else await rm(path + suffix, { force: true })
    }
    totals.brotliBytes += Math.min(copies.br.length, bytes.length)
    totals.gzipBytes += Math.min(copies.gz.length, bytes.length)
  })
  if (cache) await prune(cache, used)
  log(
    `precompressed ${totals.compressed} files (${totals.fromCache} from the cache): ` +
      `${kb(totals.bytes)} → brotli ${kb(totals.brotliBytes)}, gzip ${kb(totals.gzipBytes)}`,
  )
  return totals
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The cached copies of the content with hash `key`, or null. */
async function cached(cache, key) {
  try {
    const [br, gz] = await Promise.all([
      readFile(join(cache, `${key}.br`)),
      readFile(join(cache, `${key}.gz`)),
    ])
    return { br, gz }
  } catch {
    return null
  }
}

/** Keeps the copies of `key`; written under another name first, so a cut-short run leaves no half file. */
async function store(cache, key, { br, gz }) {
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    const part = join(cache, `${key}${suffix}.${process.pid}.part`)
    await writeFile(part, copy)
    await rename(part, join(cache, `${key}${suffix}`))
  }
}

/** Deletes what this run did not use, so the cache holds one build's worth of copies. */
async function prune(cache, used) {
  for (const name of await readdir(cache)) {
    const key = name.split('.')[0]
    if (used.has(key)) continue
    const path = join(cache, name)
    // A part file of another build running now is left alone while recent.
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: 0 }))
    if (name.endsWith('.part') && Date.now() - mtimeMs < 3_600_000) continue
    await rm(path, { force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('Usage: node scripts/precompress.mjs <folder>')
    process.exit(2)
  }
  const started = performance.now()
  await precompress(dir, {
    log: (line) => console.log(`${line} in ${Math.round(performance.now() - started)} ms`),
  })
}
