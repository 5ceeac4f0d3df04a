/**
 * Polls `check` until it holds, for what another connection or process does in its own time (a lock
 * waited on, a log line written); fails after `timeoutMs`.
 *
 * @example
 * await pollUntil(async () => (await offerState(callId)) === 'canceled', 'the ring ended')
 */
export async function pollUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
