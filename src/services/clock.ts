/**
 * The one place every timer of the console goes through, so tests drive time instead of waiting for it.
 *
 * @example
 * const id = clock.setTimeout(() => ring.stop(), NOTIFICATION_MS)
 * clock.clearTimeout(id)
 */

/** A timer handle, opaque to callers. */
export type TimerId = ReturnType<typeof globalThis.setTimeout> | number

/** What a clock can do: read the time and schedule callbacks. */
export interface ClockImplementation {
  now(): number
  setTimeout(callback: () => void, ms: number): TimerId
  clearTimeout(id: TimerId | undefined): void
  setInterval(callback: () => void, ms: number): TimerId
  clearInterval(id: TimerId | undefined): void
}

// Read the globals at call time so a page that patches them (a test harness) is honoured too.
const realClock: ClockImplementation = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as number),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (id) => globalThis.clearInterval(id as number),
}

let current: ClockImplementation = realClock

/** The console's clock. Every method forwards to the implementation in use. */
export const clock: ClockImplementation & { date(): Date } = {
  now: () => current.now(),
  date: () => new Date(current.now()),
  setTimeout: (callback, ms) => current.setTimeout(callback, ms),
  clearTimeout: (id) => current.clearTimeout(id),
  setInterval: (callback, ms) => current.setInterval(callback, ms),
  clearInterval: (id) => current.clearInterval(id),
}

/** Promise that resolves after `ms` on the console's clock. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms))
}

/**
 * Swaps the implementation (a fake clock in tests). Returns a function that restores the previous one.
 *
 * @example
 * const fake = FakeTimers.createClock(Date.now())
 * const restore = replaceClock({ ...fake, now: () => fake.now })
 */
export function replaceClock(implementation: ClockImplementation): () => void {
  const previous = current
  current = implementation
  return () => {
    current = previous
  }
}
