import type { Database, Queryable } from '../store/database'

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
  /**
   * Checked only once the attempt's own user-and-address key has failed (the per-user key): failures
   * from other addresses never hold back an address that has not failed for this user.
   */
  afterOwnFailure?: boolean
}

/** The keys of a login attempt: the address always, the user's two when the email is a user's. */
export function loginKeys(policy: LoginThrottlePolicy, address: string, userId?: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `address:${address}`, rule: policy.perAddress }]
  if (userId !== undefined)
    keys.push(
      { key: `user:${userId}`, rule: policy.perUser, afterOwnFailure: true },
      { key: `user-address:${userId}:${address}`, rule: policy.perUserAddress },
    )
  return keys
}

/** An attempt under way: counted as pending on `taken` until it ends (`recordFailure` or `endAttempt`). */
export interface ThrottleAttempt {
  /** Every key of the attempt: a failure counts on each. */
  keys: ThrottleKey[]
  /** The keys whose pending count this attempt holds. */
  taken: string[]
}

/** A pending count older than this is of an attempt that never ended (its process died): it counts no more. */
export const PENDING_STALE_MS = 60_000

interface ThrottleRow {
  key: string
  failures: number
  pending: number
  blocked_until: Date | null
}

/**
 * Admits an attempt or says how long it must wait (ms), in one transaction holding the keys' rows
 * (`FOR UPDATE`, in key order), so parallel attempts are counted one after another. An attempt waits
 * while a key's delay runs; and while other attempts on a key are under way, each counts as a failure:
 * a burst gets as many attempts as the same attempts one after another (the free ones and the one that
 * starts the wait), however many arrive at once.
 *
 * @example
 * const taken = await takeAttempt(db, policy, loginKeys(policy, ip, user.id), now)
 * if ('wait' in taken) refuse(taken.wait)
 */
export async function takeAttempt(
  db: Database,
  policy: LoginThrottlePolicy,
  keys: ThrottleKey[],
  now: number,
): Promise<ThrottleAttempt | { wait: number }> {
  const names = keys.map(({ key }) => key).sort()
  const at = new Date(now)
  return db.transaction(async (tx) => {
    // Rows for every key first (no failure yet), so that each can be locked.
    await tx.query(
      `INSERT INTO login_throttle (key, failures, last_failure_at)
       SELECT key, 0, $2 FROM unnest($1::text[]) AS key ORDER BY key ON CONFLICT (key) DO NOTHING`,
      [names, at],
    )
    const rows = await tx.query<ThrottleRow>(
      `SELECT key,
              CASE WHEN last_failure_at < $2 THEN 0 ELSE failures END AS failures,
              CASE WHEN pending_at IS NULL OR pending_at < $3 THEN 0 ELSE pending END AS pending,
              blocked_until
         FROM login_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
      [names, new Date(now - policy.forgetAfterMs), new Date(now - PENDING_STALE_MS)],
    )
    const byKey = new Map(rows.map((row) => [row.key, row]))
    const own = keys.find((key) => key.key.startsWith('user-address:'))
    const ownRow = own ? byKey.get(own.key) : undefined
    const ownFailed = (ownRow?.failures ?? 0) + (ownRow?.pending ?? 0) > 0
    const checked = keys.filter((key) => !key.afterOwnFailure || ownFailed)
    let wait = 0
    for (const { key, rule } of checked) {
      const row = byKey.get(key)
      if (!row) continue
      wait = Math.max(wait, (row.blocked_until?.getTime() ?? 0) - now)
      if (row.pending > 0) wait = Math.max(wait, delayAfter(row.failures + row.pending, rule))
    }
    if (wait > 0) return { wait }
    const taken = checked.map(({ key }) => key)
    await tx.query(
      `UPDATE login_throttle SET
         pending = CASE WHEN pending_at IS NULL OR pending_at < $3 THEN 1 ELSE pending + 1 END, pending_at = $2
       WHERE key = ANY($1::text[])`,
      [taken, at, new Date(now - PENDING_STALE_MS)],
    )
    return { keys, taken }
  })
}

/**
 * Ends an attempt that counts as no failure (a success, or a refusal of another kind). One statement
 * per key: holding one row at a time, it never deadlocks with an admission holding them in order.
 */
export async function endAttempt(db: Queryable, attempt: ThrottleAttempt): Promise<void> {
  for (const key of attempt.taken) {
    // A key with no failure and no other attempt under way is not kept: admissions add one per address.
    const gone = await db.query(
      'DELETE FROM login_throttle WHERE key = $1 AND failures = 0 AND pending <= 1 RETURNING key',
      [key],
    )
    if (gone.length === 0)
      await db.query('UPDATE login_throttle SET pending = GREATEST(pending - 1, 0) WHERE key = $1', [key])
  }
}

/**
 * Ends an attempt as a failure: counts it on every key and sets the key's next allowed attempt, in one
 * statement per key, so no attempt is admitted between the count and its wait.
 */
export async function recordFailure(
  db: Queryable,
  policy: LoginThrottlePolicy,
  attempt: ThrottleAttempt,
  now: number,
): Promise<void> {
  for (const { key, rule } of attempt.keys) {
    const failures =
      'CASE WHEN login_throttle.last_failure_at < $3 THEN 1 ELSE login_throttle.failures + 1 END'
    // delayAfter in SQL, of the count this statement writes; a wait set meanwhile is never shortened.
    const blockedUntil = `CASE WHEN ${failures} <= $5 THEN NULL
      ELSE $2::timestamptz + LEAST($7, $6 * power(2, LEAST(${failures} - $5 - 1, 40))) * interval '1 millisecond' END`
    const first = delayAfter(1, rule)
    await db.query(
      `INSERT INTO login_throttle (key, failures, last_failure_at, blocked_until) VALUES ($1, 1, $2, $8)
       ON CONFLICT (key) DO UPDATE SET
         failures = ${failures},
         last_failure_at = $2,
         pending = CASE WHEN $4 THEN GREATEST(login_throttle.pending - 1, 0) ELSE login_throttle.pending END,
         blocked_until = GREATEST(login_throttle.blocked_until, ${blockedUntil})`,
      [
        key,
        new Date(now),
        new Date(now - policy.forgetAfterMs),
        attempt.taken.includes(key),
        rule.free,
        rule.baseMs,
        rule.maxMs,
        first > 0 ? new Date(now + first) : null,
      ],
    )
  }
}

/**
 * A success clears the user's keys (not the address's: one good account must not reset a stuffer's
 * count) and ends the attempt.
 */
export async function forgetUserFailures(db: Queryable, attempt: ThrottleAttempt): Promise<void> {
  const userKeys = attempt.keys.map(({ key }) => key).filter((key) => key.startsWith('user'))
  for (const key of userKeys) await db.query('DELETE FROM login_throttle WHERE key = $1', [key])
  await endAttempt(db, { keys: attempt.keys, taken: attempt.taken.filter((key) => !userKeys.includes(key)) })
}
