import { systemClock, type Clock } from '../../../server/clock'

/** A server clock whose "now" moves only when the test says so; timers still run on real time. */
export interface ManualClock extends Clock {
  /** Moves "now" forward. */
  advance(ms: number): void
}

/**
 * A clock for `createApplication` that starts at `start` and stands still until advanced, so talk
 * times and status spans come out exact.
 *
 * @example
 * const clock = manualClock(Date.parse('2026-03-02T15:00:00Z'))
 * clock.advance(90_000)
 */
export function manualClock(start: number): ManualClock {
  let now = start
  return {
    now: () => now,
    setTimeout: (run, ms) => systemClock.setTimeout(run, ms),
    advance: (ms) => {
      now += ms
    },
  }
}
