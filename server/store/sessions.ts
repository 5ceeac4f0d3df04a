import type { Queryable } from './database'
import { newId, randomToken, sha256 } from './ids'

/** A new refresh token in a family. Only its hash is stored. */
export async function insertRefreshToken(
  db: Queryable,
  familyId: string,
  now: number,
  lifetimeMs: number,
): Promise<string> {
  const token = randomToken(32)
  await db.query(
    'INSERT INTO refresh_tokens (token_hash, family_id, expires_at, created_at) VALUES ($1, $2, $3, $4)',
    [sha256(token), familyId, new Date(now + lifetimeMs), new Date(now)],
  )
  return token
}

/** Where a session is used from: the browser's cleaned User-Agent and the client address the server saw. */
export interface SessionClient {
  device: string | null
  address: string
}

/**
 * A new token family (one login) and its first refresh token. The login ends `lifetimeMs` from now;
 * one started from another login (`parentId`: a claim) is revoked with it. `client` is where it was
 * signed in from (the profile's list of sessions shows it); its first use is now.
 */
export async function insertTokenFamily(
  db: Queryable,
  userId: string,
  remember: boolean,
  now: number,
  lifetimeMs: number,
  parentId: string | null = null,
  client: SessionClient | null = null,
): Promise<{ familyId: string; refreshToken: string }> {
  const familyId = newId()
  await db.query(
    `INSERT INTO token_families (id, user_id, remember, created_at, ends_at, parent_id, device, address, last_used_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4)`,
    [
      familyId,
      userId,
      remember,
      new Date(now),
      new Date(now + lifetimeMs),
      parentId,
      client?.device ?? null,
      client?.address ?? null,
    ],
  )
  return { familyId, refreshToken: await insertRefreshToken(db, familyId, now, lifetimeMs) }
}

/** A login (token family) as the claims and the session list read it. */
export interface TokenFamilyRow {
  id: string
  user_id: string
  remember: boolean
  revoked_at: Date | null
  created_at: Date
  /** When the login ends; null for logins older than issue 64 (computed from `created_at` then). */
  ends_at: Date | null
}

/** A login by its id. */
export async function tokenFamily(db: Queryable, familyId: string): Promise<TokenFamilyRow | undefined> {
  const rows = await db.query<TokenFamilyRow>(
    'SELECT id, user_id, remember, revoked_at, created_at, ends_at FROM token_families WHERE id = $1',
    [familyId],
  )
  return rows[0]
}

/** A refresh token's row with its family, locked for the rotation. */
export interface RefreshTokenRow {
  token_hash: string
  family_id: string
  expires_at: Date
  used_at: Date | null
  user_id: string
  remember: boolean
  revoked_at: Date | null
  /** When the login (the family) began: its lifetime counts from there. */
  family_created_at: Date
  /** When the login ends (null for logins older than issue 64). */
  family_ends_at: Date | null
}

/** Looks a refresh token up by its clear value and locks it. */
export async function lockRefreshToken(db: Queryable, token: string): Promise<RefreshTokenRow | undefined> {
  const rows = await db.query<RefreshTokenRow>(
    `SELECT t.token_hash, t.family_id, t.expires_at, t.used_at, f.user_id, f.remember, f.revoked_at,
            f.created_at AS family_created_at, f.ends_at AS family_ends_at
       FROM refresh_tokens t JOIN token_families f ON f.id = t.family_id
      WHERE t.token_hash = $1 FOR UPDATE OF t`,
    [sha256(token)],
  )
  return rows[0]
}

/**
 * Marks a family revoked, and every login started from it (claims it minted, and theirs): their
 * refresh tokens stop working and their access tokens are refused.
 *
 * @returns the ids of the families revoked now (to disconnect their sockets).
 */
export async function revokeFamily(db: Queryable, familyId: string, now: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id FROM token_families WHERE id = $1
       UNION SELECT f.id FROM token_families f JOIN tree ON f.parent_id = tree.id
     )
     UPDATE token_families SET revoked_at = $2 WHERE id IN (SELECT id FROM tree) AND revoked_at IS NULL
     RETURNING id`,
    [familyId, new Date(now)],
  )
  return rows.map(({ id }) => id)
}

/** Whether a family is live (not revoked). */
export async function familyIsLive(db: Queryable, familyId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM token_families WHERE id = $1 AND revoked_at IS NULL', [familyId])
  return rows.length > 0
}
