import FakeTimers from '@sinonjs/fake-timers'
import type { Clock } from '../../../server/clock'

/** A server clock whose time only moves when the test says so. */
export interface ServerFakeClock extends Clock {
  /** Advances time, running every timer due on the way (and awaiting what they start). */
  tick(ms: number): Promise<void>
}

/**
 * A fake `Clock` for `createApplication({ clock })`, starting at the real now.
 *
 * @example
 * const clock = serverFakeClock()
 * const server = await TestServer.start({ clock })
 * await clock.tick(30_000)
 */
export function serverFakeClock(start = Date.now()): ServerFakeClock {
  const fake = FakeTimers.createClock(start)
  return {
    now: () => fake.now,
    setTimeout(run, ms) {
      const id = fake.setTimeout(run, Math.max(0, ms))
      return () => fake.clearTimeout(id)
    },
    async tick(ms) {
      await fake.tickAsync(ms)
    },
  }
}
