import { AGENT_USER_LEVEL, type LoginResponse } from '../../src/protocol'
import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import { insertTokenFamily } from '../store/sessions'
import type { UserRow } from '../store/users'

const HOUR = 60 * 60_000
/** Refresh token lifetime with remember-me. */
export const REMEMBER_LIFETIME_MS = 30 * 24 * HOUR
/** Refresh token lifetime without remember-me. */
export const SESSION_LIFETIME_MS = 12 * HOUR

/** The refresh-token lifetime for a remember-me choice. */
export function refreshLifetime(remember: boolean): number {
  return remember ? REMEMBER_LIFETIME_MS : SESSION_LIFETIME_MS
}

/**
 * Starts a session for a user who proved who they are (password, claim, SSO): a new token family,
 * an access token and a refresh token, and where the client should go.
 */
export async function issueSession(
  context: ServerContext,
  db: Queryable,
  user: UserRow,
  remember: boolean,
  redirectTo: string | undefined,
): Promise<LoginResponse> {
  const now = context.clock.now()
  const { familyId, refreshToken } = await insertTokenFamily(
    db,
    user.id,
    remember,
    now,
    refreshLifetime(remember),
  )
  const accessToken = await context.tokens.signAccess({
    userId: user.id,
    accountId: user.account_id,
    level: user.level,
    familyId,
  })
  const agent = user.level >= AGENT_USER_LEVEL
  return {
    level: user.level,
    accessToken,
    refreshToken,
    redirect: !agent,
    location: agent ? safeRedirect(redirectTo) : user.dashboard_url,
  }
}

/** Only same-site paths are echoed back: an open redirect would let a link send users anywhere. */
function safeRedirect(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/'
  return value
}
