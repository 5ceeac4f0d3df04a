/** A script URL a `Worker` may be started from, and how to release it. */
export interface WorkerScript {
  /** The URL to hand to `new Worker()`: the script's own, or a same-origin `blob:` that loads it. */
  readonly url: string
  /** Frees the `blob:` URL once the worker has started (nothing to do for a same-origin script). */
  release(): void
}

/**
 * The URL to start a classic worker from. A `Worker` must be same-origin with the page, so when the
 * console is embedded on another origin (its files on the console server), the worker starts from a
 * same-origin `blob:` script whose only line is `importScripts(script)`; classic `importScripts` may
 * load across origins. The host page's CSP must then allow `worker-src blob:` (docs/embedding.md).
 *
 * @example
 * const script = workerScript('https://console.example/dist/cdn/virtual-background/worker.js')
 * const worker = new Worker(script.url)
 * script.release()
 */
export function workerScript(script: string, pageOrigin: string = globalThis.location.origin): WorkerScript {
  const url = new URL(script, globalThis.location?.href)
  if (url.origin === pageOrigin) return { url: url.href, release: () => {} }
  // JSON quoting keeps the URL a plain string literal in the loader, whatever characters it holds.
  const loader = new Blob([`importScripts(${JSON.stringify(url.href)})\n`], { type: 'text/javascript' })
  const blobUrl = URL.createObjectURL(loader)
  return { url: blobUrl, release: () => URL.revokeObjectURL(blobUrl) }
}
