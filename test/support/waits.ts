import { waitUntil as openWcWaitUntil } from '@open-wc/testing'

/**
 * Resolves with `promise`, or fails after `ms` saying what did not happen: a wait on a raw promise (an
 * event, a lock) never hangs a test.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * Lets `count` animation frames pass (before asserting that something did NOT happen), failing if the
 * page is given no frames within `ms`.
 */
export async function frames(count = 2, ms = 2_000): Promise<void> {
  for (let frame = 0; frame < count; frame++)
    await within(new Promise((resolve) => requestAnimationFrame(resolve)), ms, 'an animation frame')
}

/** How long a `waitUntil` waits unless told otherwise: @open-wc's 1 s fails on a loaded machine. */
export const WAIT_UNTIL_MS = 5_000

/**
 * @open-wc's `waitUntil` with a default timeout of `WAIT_UNTIL_MS`: polls `predicate` until it is
 * truthy, and fails with `message` when it is not within the timeout.
 */
export function waitUntil(
  predicate: () => unknown,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: WAIT_UNTIL_MS, ...options })
}
