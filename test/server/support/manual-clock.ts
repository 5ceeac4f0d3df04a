import type { Clock } from '../../../server/clock'

/** A server clock a test moves by hand: timers fire only when time is advanced past them. */
export interface ManualClock extends Clock {
  /**
   * Jumps ahead as a machine waking from sleep does: time moves to the end at once, then every timer
   * due by then fires once, in order (one re-armed by a fired timer waits for the next jump).
   */
  jump(ms: number): Promise<void>
}

/**
 * Makes a clock that starts at `start` and stands still until advanced.
 *
 * @example
 * const clock = manualClock()
 * await clock.jump(7 * 24 * 3600_000)
 */
export function manualClock(start = Date.now()): ManualClock {
  let now = start
  let sequence = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = ++sequence
      timers.set(id, { at: now + Math.max(0, ms), run })
      return () => timers.delete(id)
    },
    async jump(ms) {
      now += ms
      const due = [...timers.entries()].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at)
      for (const [id, timer] of due) {
        timers.delete(id)
        timer.run()
        // Let the timer's work start before the next one fires.
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
}
