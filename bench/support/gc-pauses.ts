// A process's garbage-collection pauses, stamped on `process.hrtime` (CLOCK_MONOTONIC), the clock every
// process of bench/server-routing.ts stamps with, so that a pause in one process lines up with a join or
// an `inbound` stamped in another.
import { PerformanceObserver, performance } from 'node:perf_hooks'

/** One pause: start (hrtime, ns, as a string for IPC), length (ms), V8's kind. */
export interface GcPause {
  at: string
  ms: number
  kind: 'minor' | 'major' | 'incremental' | 'weak callbacks'
}

/** `PerformanceEntry.detail.kind` of a `gc` entry (perf_hooks' NODE_PERFORMANCE_GC_* flags). */
const GC_KINDS = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weak callbacks' } as const

/**
 * Appends every garbage-collection pause of this thread to the array it returns, from now on.
 *
 * @example
 * const pauses = observeGcPauses()
 */
export function observeGcPauses(): GcPause[] {
  const pauses: GcPause[] = []
  // performance.now() and process.hrtime share one monotonic clock: the offset turns a pause's start
  // into the clients' time.
  new PerformanceObserver((list) => {
    const offset = process.hrtime.bigint() - BigInt(Math.round(performance.now() * 1e6))
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0
      pauses.push({
        at: (offset + BigInt(Math.round(entry.startTime * 1e6))).toString(),
        ms: entry.duration,
        kind: GC_KINDS[kind as keyof typeof GC_KINDS] ?? 'minor',
      })
    }
  }).observe({ entryTypes: ['gc'] })
  return pauses
}
