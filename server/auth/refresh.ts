import { ERROR_MESSAGES, type RefreshResponse } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { insertRefreshToken, lockRefreshToken, revokeFamily } from '../store/sessions'
import { userById } from '../store/users'
import { touchSession } from '../store/session-list'
import { SESSION_REFUSALS, assertAccountAdmits } from './account-gate'
import { familyEndsAt } from './session-issuer'

/**
 * A spent token presented again within this long is refused without revoking the family: two tabs
 * refreshing at the same moment is a race, not a theft.
 */
export const REUSE_GRACE_MS = 10_000

/**
 * `POST /auth/refresh-token`: spends the refresh token and returns a new pair. A spent token is
 * refused (401); presented again after the grace period, it revokes the whole family (a token that
 * was stolen and used by someone else). The new token expires with the login itself (12 hours after
 * signing in, 30 days with remember-me; a claimed login with the login that minted it): renewing never
 * keeps a session alive past that. The account must still admit the caller: a locked user (401), an
 * expired subscription (402), an address outside the allow list (403).
 */
export async function rotateRefreshToken(
  context: ServerContext,
  refreshToken: string,
  ip: string,
): Promise<RefreshResponse> {
  const now = context.clock.now()
  const result = await context.db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, refreshToken)
    if (!row || row.revoked_at) return null
    if (row.used_at) {
      if (now - row.used_at.getTime() > REUSE_GRACE_MS) await revokeFamily(tx, row.family_id, now)
      return null
    }
    if (row.expires_at.getTime() <= now) return null
    const user = await userById(tx, row.user_id)
    if (!user) return null
    // What the login checked holds for every renewal: refused before the token is spent, so the agent
    // back inside the allowed range (or renewed subscription) still holds a working token.
    assertAccountAdmits(user, ip, now, SESSION_REFUSALS)
    await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [
      row.token_hash,
      new Date(now),
    ])
    // Renewal slides, but never past the login's own lifetime: re-authentication at least that often.
    const endsAt = familyEndsAt({
      ends_at: row.family_ends_at,
      created_at: row.family_created_at,
      remember: row.remember,
    })
    if (endsAt <= now) return null
    const next = await insertRefreshToken(tx, row.family_id, now, endsAt - now)
    // The profile's list of sessions shows when and where each was last used.
    await touchSession(tx, row.family_id, ip, now)
    return { user, familyId: row.family_id, refreshToken: next }
  })
  if (!result) throw new ServerError(401, ERROR_MESSAGES.unauthorized)
  const accessToken = await context.tokens.signAccess({
    userId: result.user.id,
    accountId: result.user.account_id,
    level: result.user.level,
    familyId: result.familyId,
  })
  return { accessToken, refreshToken: result.refreshToken }
}
