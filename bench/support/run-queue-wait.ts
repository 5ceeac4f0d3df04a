// How long the server's main thread, the one that reads every socket, stood ready to run while another
// thread had the core: Linux's per-thread schedstat (its second figure: time on a run queue, in ns).
import { readFileSync } from 'node:fs'

/**
 * The main thread's time spent waiting on a run queue since it started (ms), or null where the kernel
 * does not tell (not Linux, or schedstats off).
 *
 * @example
 * const before = mainThreadRunQueueWaitMs() // … later, the window's wait is the difference
 */
export function mainThreadRunQueueWaitMs(): number | null {
  let text: string
  try {
    text = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
  } catch {
    return null
  }
  const waitNs = Number(text.trim().split(/\s+/)[1])
  return Number.isFinite(waitNs) ? waitNs / 1e6 : null
}
