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
