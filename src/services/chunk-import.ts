import { CHUNK_IMPORT_ATTEMPTS, CHUNK_RETRY_DELAY_MS } from '../constants'
import { delay } from './clock'

/**
 * Where the self-contained build's dynamic imports find {@link importChunk}: the build renders each
 * `import('./chunk.js')` as a call of this global (scripts/rollup-plugins.mjs, `retryableChunkImports`),
 * falling back to a plain `import()` before {@link installChunkImport} has run.
 */
export const CHUNK_IMPORT_KEY = Symbol.for('agent-console.importChunk')

/** Failed attempts by chunk URL, shared by every copy of the console on the page. */
const FAILURES_KEY = Symbol.for('agent-console.chunkFailures')

type ChunkGlobals = {
  [CHUNK_IMPORT_KEY]?: (url: string) => Promise<unknown>
  [FAILURES_KEY]?: Map<string, number>
}

function failures(): Map<string, number> {
  const globals = globalThis as ChunkGlobals
  return (globals[FAILURES_KEY] ??= new Map())
}

/**
 * Imports a chunk by its absolute URL. A browser remembers a module that failed to load and never asks
 * for its URL again, so a chunk whose last attempt failed (a network cut while an area opened) is asked
 * for at the same URL with a `retry` query, which the server serves alike. The chunks it imports are
 * the same URLs as before: modules already loaded are shared, not loaded twice. A chunk whose own
 * imports failed stays unloadable until the page is reloaded (what the area's error then offers).
 *
 * @example
 * await importChunk(new URL('./chunks/CalendarArea-1a2b.js', import.meta.url).href)
 */
export function importChunk(url: string): Promise<unknown> {
  const failed = failures().get(url) ?? 0
  const target = failed === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${failed}`
  return import(/* @vite-ignore */ target).catch((error: unknown) => {
    failures().set(url, failed + 1)
    throw error
  })
}

/** How many times the chunk at `url` failed to load on this page (0 when it never did). */
export function chunkFailures(url: string): number {
  return failures().get(url) ?? 0
}

/** Makes {@link importChunk} the page's way to load the console's chunks (once; later calls keep it). */
export function installChunkImport(): void {
  const globals = globalThis as ChunkGlobals
  globals[CHUNK_IMPORT_KEY] ??= importChunk
}

/**
 * Runs `load` (a dynamic import of a chunk) until it succeeds, `attempts` times at most, `delayMs` apart on
 * the console's clock. Each try asks for the chunk again ({@link importChunk}): a network blip while a call
 * starts costs a delay, not the call's media. Rejects with the last failure.
 *
 * @example
 * const { createPeerLink } = await importWithRetries(() => import('./peer'))
 */
export async function importWithRetries<T>(
  load: () => Promise<T>,
  attempts = CHUNK_IMPORT_ATTEMPTS,
  delayMs = CHUNK_RETRY_DELAY_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      if (attempt >= attempts) throw error
    }
    await delay(delayMs)
  }
}
