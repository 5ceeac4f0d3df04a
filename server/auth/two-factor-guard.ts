import { TWO_FACTOR_REASON } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'

/** Wrong codes allowed before the user has to wait (issue 15: 5 wrong → wait). */
export const TWO_FACTOR_FREE_FAILURES = 5
/** The first wait; each further failure doubles it. */
export const TWO_FACTOR_FIRST_WAIT_MS = 30_000
/** The longest wait. */
export const TWO_FACTOR_MAX_WAIT_MS = 15 * 60_000

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

/**
 * Takes one attempt at a code, or throws 423 `too-many-attempts` while the user is waiting (no code is
 * even looked at then). The check and the count are one statement: the attempt counts as a failure
 * from here (a right code clears the count), and an attempt that reaches the limit starts the wait at
 * once, so parallel requests get no more codes checked than the same requests one after another.
 */
export async function assertTwoFactorAllowed(context: ServerContext, userId: string): Promise<void> {
  const now = context.clock.now()
  // The wait after n counted failures: none below 5, then 30 s · 2^(n − 5), at most 15 minutes.
  const rows = await context.db.query<{ totp_failures: number }>(
    `UPDATE users SET totp_failures = totp_failures + 1,
       totp_retry_at = CASE WHEN totp_failures + 1 >= $3
         THEN $2::timestamptz + make_interval(secs => LEAST($4 * power(2, LEAST(totp_failures + 1 - $3, 20)), $5) / 1000.0)
         ELSE totp_retry_at END
     WHERE id = $1 AND (totp_retry_at IS NULL OR totp_retry_at <= $2)
     RETURNING totp_failures`,
    [userId, new Date(now), TWO_FACTOR_FREE_FAILURES, TWO_FACTOR_FIRST_WAIT_MS, TWO_FACTOR_MAX_WAIT_MS],
  )
  if (rows.length > 0) return
  const seconds = await twoFactorRetryAfter(context, userId)
  throw tooMany(Math.max(1, seconds))
}

/**
 * A refused code (its failure was counted when `assertTwoFactorAllowed` took the attempt): throws 422
 * with the reason, or 423 `too-many-attempts` when the user now has to wait.
 */
export async function failTwoFactor(
  context: ServerContext,
  userId: string,
  reason: string,
  message: string,
): Promise<never> {
  const seconds = await twoFactorRetryAfter(context, userId)
  if (seconds === 0) throw new ServerError(422, message, { reason })
  throw tooMany(seconds)
}

/** A right code: the count starts over. */
export async function clearTwoFactorFailures(context: ServerContext, userId: string): Promise<void> {
  await context.db.query('UPDATE users SET totp_failures = 0, totp_retry_at = NULL WHERE id = $1', [userId])
}
