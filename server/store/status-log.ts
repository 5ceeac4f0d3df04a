import { DISCONNECTED_STATUS } from '../../src/protocol'
import type { Queryable } from './database'

/**
 * The log of an agent's statuses (`status_changes`): each row holds until the next one. The metrics
 * read time per status from it.
 */

/** The agent took a status (or came online in it). */
export async function logStatus(db: Queryable, userId: string, status: string, now: number): Promise<void> {
  await db.query('INSERT INTO status_changes (user_id, status, at) VALUES ($1, $2, $3)', [
    userId,
    status,
    new Date(now),
  ])
}

/** The agent's link dropped: offline from now, whatever their chosen status. */
export function logOffline(db: Queryable, userId: string, now: number): Promise<void> {
  return logStatus(db, userId, DISCONNECTED_STATUS, now)
}

/** One status held over a span. */
export interface StatusSpan {
  status: string
  from: number
  to: number
}

/**
 * The spans of an agent's statuses within [from, to): the status in force at `from` and every change
 * after it, the last one running to `to`.
 */
export async function statusSpans(
  db: Queryable,
  userId: string,
  from: number,
  to: number,
): Promise<StatusSpan[]> {
  const rows = await db.query<{ status: string; at: Date }>(
    `(SELECT status, at FROM status_changes WHERE user_id = $1 AND at < $2 ORDER BY at DESC LIMIT 1)
     UNION ALL
     (SELECT status, at FROM status_changes WHERE user_id = $1 AND at >= $2 AND at < $3 ORDER BY at)
     ORDER BY at`,
    [userId, new Date(from), new Date(to)],
  )
  return rows.map((row, index) => ({
    status: row.status,
    from: Math.max(from, row.at.getTime()),
    to: Math.min(to, rows[index + 1]?.at.getTime() ?? to),
  }))
}
