/** Time for the server: one place to read "now" and to arm timers, so tests may drive it. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Runs `run` after `ms`; returns a cancel function. */
  setTimeout(run: () => void, ms: number): () => void
}

/** The wall clock. Timers are unref'd: a pending ring timeout never keeps the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const handle = setTimeout(run, Math.max(0, ms))
    handle.unref()
    return () => clearTimeout(handle)
  },
}

/**
 * Runs `run` every `ms` on `clock` (so a test's clock drives repeats too) until the returned function
 * is called.
 */
export function every(clock: Clock, ms: number, run: () => void): () => void {
  let stopped = false
  let cancel = () => {}
  const arm = () => {
    cancel = clock.setTimeout(() => {
      if (stopped) return
      arm()
      run()
    }, ms)
  }
  arm()
  return () => {
    stopped = true
    cancel()
  }
}
