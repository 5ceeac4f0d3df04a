import { type ClaimResponse, type LoginResponse } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { randomToken, sha256 } from '../store/ids'
import { userById } from '../store/users'
import { issueSession } from './session-issuer'

/** How long a minted claim id stays valid. */
export const CLAIM_LIFETIME_MS = 5 * 60_000

/**
 * Mints a one-time claim id for a user: `GET /auth/login/{id}` exchanges it for a session. Only its
 * hash is stored.
 */
export async function mintClaim(
  context: ServerContext,
  userId: string,
  remember: boolean,
): Promise<ClaimResponse> {
  const id = randomToken(24)
  const expiresAt = new Date(context.clock.now() + CLAIM_LIFETIME_MS)
  await context.db.query(
    'INSERT INTO login_claims (id_hash, user_id, remember, expires_at) VALUES ($1, $2, $3, $4)',
    [sha256(id), userId, remember, expiresAt],
  )
  return { id, path: `/login/claim/${encodeURIComponent(id)}`, expiresAt: expiresAt.toISOString() }
}

/** Spends a claim id (once, before it expires) and issues a session; 401 otherwise. */
export async function redeemClaim(context: ServerContext, id: string): Promise<LoginResponse> {
  const now = context.clock.now()
  return context.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: string; remember: boolean }>(
      `UPDATE login_claims SET used_at = $2 WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id, remember`,
      [sha256(id), new Date(now)],
    )
    const claim = rows[0]
    const user = claim ? await userById(tx, claim.user_id) : undefined
    if (!claim || !user || user.locked) throw new ServerError(401, 'Unknown, used or expired session id')
    return issueSession(context, tx, user, claim.remember, undefined)
  })
}
