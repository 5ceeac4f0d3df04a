import FakeTimers from '@sinonjs/fake-timers'
import type { Clock } from '../../../server/clock'

/**
 * The server's clock in tests: time stands still until the test moves it (`advance`), so a ring
 * timeout or a grace period is asserted at its real duration without waiting for it. Sockets,
 * HTTP and the database keep real time; only the server's own timers follow this clock.
 */
export class TestClock implements Clock {
  readonly #fake = FakeTimers.createClock(Date.now())

  /** Milliseconds since the epoch, as the server sees them. */
  now = (): number => this.#fake.now

  setTimeout = (run: () => void, ms: number): (() => void) => {
    // A timer already due fires at once, as on the wall clock, not at the test's next move.
    if (ms <= 0) {
      const handle = setImmediate(run)
      return () => clearImmediate(handle)
    }
    const id = this.#fake.setTimeout(run, ms)
    return () => this.#fake.clearTimeout(id)
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  async advance(ms: number): Promise<void> {
    await this.#fake.tickAsync(ms)
  }
}
