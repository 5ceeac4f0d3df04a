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

/** A new token family (one login) and its first refresh token. */
export async function insertTokenFamily(
  db: Queryable,
  userId: string,
  remember: boolean,
  now: number,
  lifetimeMs: number,
): Promise<{ familyId: string; refreshToken: string }> {
  const familyId = newId()
  await db.query('INSERT INTO token_families (id, user_id, remember, created_at) VALUES ($1, $2, $3, $4)', [
    familyId,
    userId,
    remember,
    new Date(now),
  ])
  return { familyId, refreshToken: await insertRefreshToken(db, familyId, now, lifetimeMs) }
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
}

/** Looks a refresh token up by its clear value and locks it. */
export async function lockRefreshToken(db: Queryable, token: string): Promise<RefreshTokenRow | undefined> {
  const rows = await db.query<RefreshTokenRow>(
    `SELECT t.token_hash, t.family_id, t.expires_at, t.used_at, f.user_id, f.remember, f.revoked_at,
            f.created_at AS family_created_at
       FROM refresh_tokens t JOIN token_families f ON f.id = t.family_id
      WHERE t.token_hash = $1 FOR UPDATE OF t`,
    [sha256(token)],
  )
  return rows[0]
}

/** Marks a family revoked: its refresh tokens stop working and its access tokens are refused. */
export async function revokeFamily(db: Queryable, familyId: string, now: number): Promise<void> {
  await db.query('UPDATE token_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    familyId,
    new Date(now),
  ])
}

/** Whether a family is live (not revoked). */
export async function familyIsLive(db: Queryable, familyId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM token_families WHERE id = $1 AND revoked_at IS NULL', [familyId])
  return rows.length > 0
}
