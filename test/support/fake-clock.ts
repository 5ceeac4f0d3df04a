import FakeTimers from '@sinonjs/fake-timers'
import { replaceClock, type TimerId } from '../../src/services/clock'

/** A fake clock installed into `services/clock`; library timers (React, socket.io) stay real. */
export interface FakeClock {
  /** Advances time, running every timer due on the way (async callbacks are awaited). */
  tick(ms: number): Promise<void>
  /** Jumps ahead as a sleeping machine does: due timers fire once, late, at the new time. */
  jump(ms: number): Promise<void>
  /** The fake now, in ms. */
  now(): number
  /** Puts the real clock back. */
  restore(): void
}

/**
 * Installs a fake clock that starts at `start` (now by default).
 *
 * @example
 * const time = fakeClock()
 * await time.tick(500)
 * time.restore()
 */
export function fakeClock(start: number | Date = Date.now()): FakeClock {
  const fake = FakeTimers.createClock(start)
  const restore = replaceClock({
    now: () => fake.now,
    setTimeout: (callback, ms) => fake.setTimeout(callback, ms) as TimerId,
    clearTimeout: (id) => fake.clearTimeout(id as never),
    setInterval: (callback, ms) => fake.setInterval(callback, ms) as TimerId,
    clearInterval: (id) => fake.clearInterval(id as never),
  })
  return {
    tick: async (ms) => {
      await fake.tickAsync(ms)
    },
    jump: async (ms) => {
      fake.jump(ms)
      await fake.tickAsync(0)
    },
    now: () => fake.now,
    restore,
  }
}
