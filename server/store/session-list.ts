import type { Queryable } from './database'

/** A session's last use is written at most this often: a refresh or a socket inside it writes nothing. */
export const SESSION_USE_WRITE_MS = 60_000

/**
 * Records a use of a live session (a refresh, a socket's authentication): when and from where. At most
 * once a minute per session (`SESSION_USE_WRITE_MS`): a use inside that minute matches no row, writes nothing.
 */
export async function touchSession(
  db: Queryable,
  familyId: string,
  address: string,
  now: number,
): Promise<void> {
  await db.query(
    `UPDATE token_families SET last_used_at = $2, address = $3
      WHERE id = $1 AND revoked_at IS NULL AND (last_used_at IS NULL OR last_used_at <= $4)`,
    [familyId, new Date(now), address, new Date(now - SESSION_USE_WRITE_MS)],
  )
}

/** A login of the user that is not revoked, as the profile's list reads it, with the logins it started. */
export interface LiveSessionRow {
  id: string
  device: string | null
  address: string | null
  remember: boolean
  created_at: Date
  ends_at: Date | null
  /** The latest use of the login or of any login started from it (a claim). */
  last_used_at: Date | null
  /** Whether `familyId` (the caller's own) is this login or one started from it. */
  current: boolean
}

/**
 * The user's logins that are not revoked, each with the logins started from it (claims it minted, and
 * theirs) folded in: one row per login the agent signed in to, newest first. Whether each has ended by
 * its lifetime is the caller's to decide (`familyEndsAt`).
 */
export async function liveSessionsOf(
  db: Queryable,
  userId: string,
  familyId: string,
): Promise<LiveSessionRow[]> {
  return db.query<LiveSessionRow>(
    `WITH RECURSIVE tree AS (
       SELECT id, id AS root FROM token_families WHERE user_id = $1 AND parent_id IS NULL AND revoked_at IS NULL
       UNION ALL
       SELECT f.id, tree.root FROM token_families f JOIN tree ON f.parent_id = tree.id WHERE f.revoked_at IS NULL
     )
     SELECT r.id, r.device, r.address, r.remember, r.created_at, r.ends_at,
            max(f.last_used_at) AS last_used_at, bool_or(tree.id = $2) AS current
       FROM tree JOIN token_families f ON f.id = tree.id JOIN token_families r ON r.id = tree.root
      GROUP BY r.id, r.device, r.address, r.remember, r.created_at, r.ends_at
      ORDER BY r.created_at DESC, r.id`,
    [userId, familyId],
  )
}
