import { open, stat, type FileHandle } from 'node:fs/promises'
import { extname, join } from 'node:path'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { matchesEntityTag, sendNotModified, strongEntityTag } from './entity-tags'

/** `Cache-Control` of a file whose name carries a hash of its content: it never changes at that URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** `Cache-Control` of a file that keeps its URL across builds: kept, but asked again (cheaply, by ETag). */
export const REVALIDATE = 'no-cache'

/**
 * A chunk of a build: `chunks/<name>-<hash>.js` (rollup.config.mjs, `chunkFileNames`; Rollup's hash is 8
 * or more characters of base64url). Entries (`index.js`, `agent-console.js`…) and the virtual
 * background's files keep their names from one build to the next; source maps are fetched by developer
 * tools only, and revalidated.
 *
 * @param path a path inside the build folder, `/`-separated
 * @example
 * isHashedChunk('chunks/CallArea-B0K0b-p0.js') // true
 */
export function isHashedChunk(path: string): boolean {
  return /^chunks\/[^/]+-[A-Za-z0-9_-]{8,}\.js$/.test(path)
}

/** Which `Cache-Control` a file gets, from its path inside the folder served. */
export type CachePolicy = (path: string) => typeof IMMUTABLE | typeof REVALIDATE

/** The compressed copies a build writes beside a file (scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/** Files that run as scripts (a worker among them: its policy is its own response's). */
const SCRIPTS = new Set(['.js', '.mjs'])

/** Files that may have compressed copies: their answers vary with `Accept-Encoding`. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.html', '.svg', '.txt', '.wasm'])

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** One file as it will be sent: open, with its size and strong entity tag. */
interface Opened {
  handle: FileHandle
  size: number
  etag: string
}

/** Options of {@link registerBuiltFiles}. */
export interface BuiltFilesOptions {
  /** The folder served (absolute). */
  root: string
  /** The URL path it is served under, with its trailing `/` (`/dist/cdn/`). */
  prefix: string
  /** `Cache-Control` per file. */
  policy: CachePolicy
  /** Paths (inside the folder) that are not served from it: they answer 404 or another route. */
  excluded?: (path: string) => boolean
}

/**
 * The path inside the folder that a request names, or null when it may not be served from it: empty,
 * `.` or `..` segments, dot-files, backslashes, NUL, or a compressed copy asked for by its own name
 * (copies are chosen by `Accept-Encoding`, never linked to).
 */
function servedPath(wildcard: string): string | null {
  const segments = wildcard.split('/')
  const bad = (segment: string) =>
    segment === '' || segment.startsWith('.') || segment.includes('\\') || segment.includes('\0')
  if (segments.some(bad)) return null
  const path = segments.join('/')
  return ENCODINGS.some(({ suffix }) => path.endsWith(suffix)) ? null : path
}

/**
 * Serves the files of a build folder (or of demo/) with the caching a browser and a CDN need: hashed
 * chunks `immutable` for a year, everything else `no-cache` with a strong entity tag (a revisit costs a
 * 304, not the file), and the Brotli or gzip copy that the build wrote beside a file when the browser
 * accepts it (no compression at request time). Entity tags are hashes of the bytes sent, computed once
 * per file and build (kept while the file's inode, size and time stay the same; a rebuild swaps dist/ in).
 *
 * @example
 * registerBuiltFiles(app, { root: '/srv/dist/cdn', prefix: '/dist/cdn/', policy: (path) => isHashedChunk(path) ? IMMUTABLE : REVALIDATE })
 */
export function registerBuiltFiles(app: FastifyInstance, options: BuiltFilesOptions): void {
  const tags = new EntityTags()
  app.route({
    method: ['GET', 'HEAD'],
    url: `${options.prefix}*`,
    handler: async (request, reply) => {
      const path = servedPath((request.params as { '*': string })['*'])
      if (path === null || options.excluded?.(path)) {
        reply.callNotFound()
        return reply
      }
      return sendBuiltFile(request, reply, { ...options, path, tags })
    },
  })
}

/** Opens the identity file or the best compressed copy the request accepts; null when there is no file. */
async function openBest(
  request: FastifyRequest,
  file: string,
  compressible: boolean,
  tags: EntityTags,
): Promise<{ opened: Opened; encoding: string | null } | null> {
  const accepted = request.headers['accept-encoding']
  let candidates = compressible && accepted ? [...ENCODINGS] : []
  // A copy is sent only beside its file: a copy left alone answers nothing.
  if (candidates.length > 0 && !(await isFile(file))) return null
  for (;;) {
    const encoding = negotiate(
      accepted ?? '',
      candidates.map((candidate) => candidate.encoding),
    )
    const chosen = candidates.find((candidate) => candidate.encoding === encoding)
    const opened = await openFile(chosen ? file + chosen.suffix : file, tags)
    if (opened || !chosen) return opened ? { opened, encoding: chosen?.encoding ?? null } : null
    // That copy was not written (too small to gain, or not a text file): the next best.
    candidates = candidates.filter((candidate) => candidate !== chosen)
  }
}

async function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { root, policy, path, tags }: BuiltFilesOptions & { path: string; tags: EntityTags },
): Promise<FastifyReply> {
  const extension = extname(path).toLowerCase()
  const compressible = COMPRESSIBLE.has(extension)
  const best = await openBest(request, join(root, path), compressible, tags)
  if (!best) {
    reply.callNotFound()
    return reply
  }
  const { opened, encoding } = best
  reply
    .header('cache-control', policy(path))
    .header('etag', opened.etag)
    .type(TYPES[extension] ?? 'application/octet-stream')
  if (compressible)
    reply.header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '))
  if (matchesEntityTag(request.headers['if-none-match'], opened.etag)) {
    await opened.handle.close()
    return sendNotModified(reply, { keepPolicy: SCRIPTS.has(extension) })
  }
  if (encoding) reply.header('content-encoding', encoding)
  reply.header('content-length', opened.size)
  if (request.method === 'HEAD') {
    await opened.handle.close()
    return reply.send()
  }
  // The stream closes the handle when it ends or when the browser goes away.
  return reply.send(opened.handle.createReadStream({ start: 0 }))
}

/** Whether `file` is a regular file. */
async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/** Opens a regular file; null when there is none at `file` (missing, a folder…). */
async function openFile(file: string, tags: EntityTags): Promise<Opened | null> {
  let handle: FileHandle
  try {
    handle = await open(file, 'r')
  } catch {
    return null
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) {
      await handle.close()
      return null
    }
    return { handle, size: info.size, etag: await tags.of(file, handle, info) }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** How many files' tags are kept; past it they are forgotten (then computed again when asked for). */
const KEPT_TAGS = 5_000

/**
 * Strong entity tags of files, kept per path for as long as the file there is the same one (inode, size,
 * modification time). Only files that exist get an entry (a request for a missing path adds nothing), and
 * no more than KEPT_TAGS: a development server outlives many builds, each with new chunk names.
 */
class EntityTags {
  readonly #byPath = new Map<string, { version: string; etag: Promise<string> }>()

  of(
    file: string,
    handle: FileHandle,
    stat: { ino: number; size: number; mtimeMs: number },
  ): Promise<string> {
    const version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    const known = this.#byPath.get(file)
    if (known?.version === version) return known.etag
    // Read through the handle the answer will stream from: the tag is that very file's.
    const etag = handle.readFile().then(strongEntityTag)
    if (this.#byPath.size >= KEPT_TAGS) this.#byPath.clear()
    this.#byPath.set(file, { version, etag })
    etag.catch(() => {
      if (this.#byPath.get(file)?.etag === etag) this.#byPath.delete(file)
    })
    return etag
  }
}
