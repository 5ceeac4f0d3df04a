import { ERROR_MESSAGES, type ClaimResponse, type LoginResponse } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { randomToken, sha256 } from '../store/ids'
import { tokenFamily } from '../store/sessions'
import { userById } from '../store/users'
import { LOGIN_REFUSALS, assertAccountAdmits } from './account-gate'
import { familyEndsAt, issueSession } from './session-issuer'

/** How long a minted claim id stays valid. */
export const CLAIM_LIFETIME_MS = 5 * 60_000

/**
 * Mints a one-time claim id for a user: `GET /auth/login/{id}` exchanges it for a session. Only its
 * hash is stored. A claim minted with an access token names its login (`familyId`): the session it
 * gives ends with that login (no later, never remembered longer) and is revoked with it. SSO and the
 * development endpoint mint claims of no login (null): a sign-in of their own.
 */
export async function mintClaim(
  context: ServerContext,
  userId: string,
  remember: boolean,
  familyId: string | null,
): Promise<ClaimResponse> {
  const id = randomToken(24)
  const expiresAt = new Date(context.clock.now() + CLAIM_LIFETIME_MS)
  await context.db.query(
    'INSERT INTO login_claims (id_hash, user_id, remember, expires_at, family_id) VALUES ($1, $2, $3, $4, $5)',
    [sha256(id), userId, remember, expiresAt, familyId],
  )
  return { id, path: `/login/claim/${encodeURIComponent(id)}`, expiresAt: expiresAt.toISOString() }
}

/**
 * Spends a claim id (once, before it expires) and issues a session; 401 for an unknown, used or
 * expired claim, or one whose login ended. The account must admit the caller as a password login
 * would: 423 locked, 402 subscription expired, 403 an address outside the allow list (the claim is
 * then not spent). `device` is the redeeming browser's cleaned User-Agent (`sessionDevice`).
 */
export async function redeemClaim(
  context: ServerContext,
  id: string,
  ip: string,
  device: string | null = null,
): Promise<LoginResponse> {
  const client = { device, address: ip }
  const now = context.clock.now()
  return context.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: string; remember: boolean; family_id: string | null }>(
      `UPDATE login_claims SET used_at = $2 WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id, remember, family_id`,
      [sha256(id), new Date(now)],
    )
    const claim = rows[0]
    const user = claim ? await userById(tx, claim.user_id) : undefined
    if (!claim || !user) throw new ServerError(401, 'Unknown, used or expired session id')
    assertAccountAdmits(user, ip, now, LOGIN_REFUSALS)
    if (claim.family_id === null)
      return issueSession(context, tx, user, claim.remember, undefined, { client })
    // The login that minted it bounds it: a claim never outlives nor out-ranks its maker.
    const parent = await tokenFamily(tx, claim.family_id)
    const endsAt = parent ? familyEndsAt(parent) : 0
    if (!parent || parent.revoked_at || endsAt <= now) throw new ServerError(401, ERROR_MESSAGES.unauthorized)
    return issueSession(context, tx, user, claim.remember && parent.remember, undefined, {
      parent: { familyId: parent.id, endsAt },
      client,
    })
  })
}
