import { TWO_FACTOR_REASON } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'

/** Wrong codes allowed before the user has to wait (issue 15: 5 wrong → wait). */
export const TWO_FACTOR_FREE_FAILURES = 5
/** The first wait; each further failure doubles it. */
export const TWO_FACTOR_FIRST_WAIT_MS = 30_000
/** The longest wait. */
export const TWO_FACTOR_MAX_WAIT_MS = 15 * 60_000

/** The wait after `failures` wrong codes: none up to 5, then 30 s, 60 s, 120 s… up to 15 min. */
export function twoFactorWaitMs(failures: number): number {
  if (failures < TWO_FACTOR_FREE_FAILURES) return 0
  const doublings = Math.min(failures - TWO_FACTOR_FREE_FAILURES, 20)
  return Math.min(TWO_FACTOR_FIRST_WAIT_MS * 2 ** doublings, TWO_FACTOR_MAX_WAIT_MS)
}

/** Seconds the user must still wait before a code is checked again (0: none). */
export async function twoFactorRetryAfter(context: ServerContext, userId: string): Promise<number> {
  const rows = await context.db.query<{ totp_retry_at: Date | null }>(
    'SELECT totp_retry_at FROM users WHERE id = $1',
    [userId],
  )
  const at = rows[0]?.totp_retry_at?.getTime() ?? 0
  return Math.max(0, Math.ceil((at - context.clock.now()) / 1000))
}

function tooMany(seconds: number): ServerError {
  return new ServerError(423, `Too many wrong codes: try again in ${seconds} s`, {
    reason: TWO_FACTOR_REASON.tooManyAttempts,
  })
}

/** Throws 423 `too-many-attempts` while the user is waiting: no code is even looked at then. */
export async function assertTwoFactorAllowed(context: ServerContext, userId: string): Promise<void> {
  const seconds = await twoFactorRetryAfter(context, userId)
  if (seconds > 0) throw tooMany(seconds)
}

/**
 * Counts one failure (atomically: two requests at once both count) and throws: 422 with the reason,
 * or 423 `too-many-attempts` when this failure starts a wait.
 */
export async function failTwoFactor(
  context: ServerContext,
  userId: string,
  reason: string,
  message: string,
): Promise<never> {
  const rows = await context.db.query<{ totp_failures: number }>(
    'UPDATE users SET totp_failures = totp_failures + 1 WHERE id = $1 RETURNING totp_failures',
    [userId],
  )
  const wait = twoFactorWaitMs(rows[0]?.totp_failures ?? 0)
  if (wait === 0) throw new ServerError(422, message, { reason })
  await context.db.query('UPDATE users SET totp_retry_at = $2 WHERE id = $1', [
    userId,
    new Date(context.clock.now() + wait),
  ])
  throw tooMany(Math.ceil(wait / 1000))
}

/** A right code: the count starts over. */
export async function clearTwoFactorFailures(context: ServerContext, userId: string): Promise<void> {
  await context.db.query('UPDATE users SET totp_failures = 0, totp_retry_at = NULL WHERE id = $1', [userId])
}
