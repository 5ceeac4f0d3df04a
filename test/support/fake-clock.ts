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
  // A timer the real clock started before this one was installed (the time connected, the network
  // checks) may be cleared while it is: the fake clock cannot clear it, and it would keep running.
  const made = new Set<unknown>()
  const own = <T>(id: T) => (made.add(id), id)
  const restore = replaceClock({
    now: () => fake.now,
    setTimeout: (callback, ms) => own(fake.setTimeout(callback, ms)) as TimerId,
    clearTimeout: (id) =>
      made.delete(id) ? fake.clearTimeout(id as never) : globalThis.clearTimeout(id as number),
    setInterval: (callback, ms) => own(fake.setInterval(callback, ms)) as TimerId,
    clearInterval: (id) =>
      made.delete(id) ? fake.clearInterval(id as never) : globalThis.clearInterval(id as number),
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
