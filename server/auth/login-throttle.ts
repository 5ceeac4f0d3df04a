import type { Queryable } from '../store/database'

/** How one kind of key slows down: free failures, then a delay that doubles with each failure up to a cap. */
export interface ThrottleRule {
  /** Failures answered at once. */
  free: number
  /** The delay after the first failure past `free`. */
  baseMs: number
  /** The longest delay. */
  maxMs: number
}

/** The throttle of logins and 2FA codes at login. */
export interface LoginThrottlePolicy {
  /** One user from one client address: the guesser's own key, slowed hard. */
  perUserAddress: ThrottleRule
  /**
   * One user from anywhere: slows a guesser who spreads over addresses; its cap is short, because any
   * stranger can push it, and the owner must still get in soon (no hard lock).
   */
  perUser: ThrottleRule
  /** One client address whatever the user: credential stuffing over many accounts. */
  perAddress: ThrottleRule
  /** A key with no failure for this long starts over. */
  forgetAfterMs: number
}

/** The defaults: 3 free per user and address, 10 per user, 20 per address; delays from 1 s doubling. */
export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  perUserAddress: { free: 3, baseMs: 1_000, maxMs: 15 * 60_000 },
  perUser: { free: 10, baseMs: 1_000, maxMs: 60_000 },
  perAddress: { free: 20, baseMs: 1_000, maxMs: 15 * 60_000 },
  forgetAfterMs: 60 * 60_000,
}

/**
 * The delay a key waits after its `failures`-th failure: none within the free ones, then
 * `baseMs · 2^(failures − free − 1)`, at most `maxMs`.
 *
 * @example
 * delayAfter(5, { free: 3, baseMs: 1000, maxMs: 60_000 }) // 2000
 */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures <= rule.free) return 0
  const exponent = Math.min(failures - rule.free - 1, 40)
  return Math.min(rule.maxMs, rule.baseMs * 2 ** exponent)
}

/** A throttled key and its rule. */
export interface ThrottleKey {
  key: string
  rule: ThrottleRule
}

/** The keys of a login attempt: the address always, the user's two when the email is a user's. */
export function loginKeys(policy: LoginThrottlePolicy, address: string, userId?: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `address:${address}`, rule: policy.perAddress }]
  if (userId !== undefined)
    keys.push(
      { key: `user:${userId}`, rule: policy.perUser },
      { key: `user-address:${userId}:${address}`, rule: policy.perUserAddress },
    )
  return keys
}

/**
 * How long the attempt must still wait (ms), the longest over its keys; 0 when it may go ahead.
 *
 * @example
 * const wait = await throttleWait(db, loginKeys(policy, ip, user.id), now)
 */
export async function throttleWait(db: Queryable, keys: ThrottleKey[], now: number): Promise<number> {
  const rows = await db.query<{ blocked_until: Date | null }>(
    'SELECT blocked_until FROM login_throttle WHERE key = ANY($1::text[])',
    [keys.map(({ key }) => key)],
  )
  return rows.reduce((wait, row) => Math.max(wait, (row.blocked_until?.getTime() ?? 0) - now), 0)
}

/** Counts a failure on every key (atomically per key) and sets each key's next allowed attempt. */
export async function recordFailure(
  db: Queryable,
  policy: LoginThrottlePolicy,
  keys: ThrottleKey[],
  now: number,
): Promise<void> {
  for (const { key, rule } of keys) {
    const rows = await db.query<{ failures: number }>(
      `INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_throttle.last_failure_at < $3 THEN 1 ELSE login_throttle.failures + 1 END,
         last_failure_at = $2
       RETURNING failures`,
      [key, new Date(now), new Date(now - policy.forgetAfterMs)],
    )
    const delay = delayAfter(rows[0]?.failures ?? 1, rule)
    await db.query('UPDATE login_throttle SET blocked_until = $2 WHERE key = $1', [
      key,
      delay > 0 ? new Date(now + delay) : null,
    ])
  }
}

/** A success clears the user's keys (not the address's: one good account must not reset a stuffer's count). */
export async function forgetUserFailures(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  const userKeys = keys.map(({ key }) => key).filter((key) => key.startsWith('user'))
  await db.query('DELETE FROM login_throttle WHERE key = ANY($1::text[])', [userKeys])
}
