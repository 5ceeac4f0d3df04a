import { AGENT_USER_LEVEL, type LoginResponse } from '../../src/protocol'
import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import { insertTokenFamily, type SessionClient } from '../store/sessions'
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
 * When a login ends: its lifetime from its start, and no later than its own `ends_at` (a claimed login,
 * bounded by the login that minted it; null for logins of before issue 64).
 */
export function familyEndsAt(family: { ends_at: Date | null; created_at: Date; remember: boolean }): number {
  const own = family.created_at.getTime() + refreshLifetime(family.remember)
  return Math.min(own, family.ends_at?.getTime() ?? own)
}

/** The login a new session is started from (a claim minted with its token), which bounds it. */
export interface ParentSession {
  familyId: string
  /** When the parent login ends: the new one ends no later. */
  endsAt: number
}

/** What else a new session is started with. */
export interface SessionOrigin {
  /** The login it is started from (a claim minted with its token), which bounds it. */
  parent?: ParentSession
  /** The browser and address it is signed in from, for the profile's list of sessions. */
  client?: SessionClient
}

/**
 * Starts a session for a user who proved who they are (password, claim, SSO): a new token family,
 * an access token and a refresh token, and where the client should go. A session started from
 * another (`parent`) ends with it, and is revoked with it.
 */
export async function issueSession(
  context: ServerContext,
  db: Queryable,
  user: UserRow,
  remember: boolean,
  redirectTo: string | undefined,
  { parent, client }: SessionOrigin = {},
): Promise<LoginResponse> {
  const now = context.clock.now()
  const lifetime = Math.min(refreshLifetime(remember), (parent?.endsAt ?? Infinity) - now)
  const { familyId, refreshToken } = await insertTokenFamily(
    db,
    user.id,
    remember,
    now,
    lifetime,
    parent?.familyId ?? null,
    client ?? null,
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
    location: agent ? safeRedirect(redirectTo, context.publicUrl()) : user.dashboard_url,
  }
}

/**
 * Only same-origin places are echoed back: an open redirect would let a link send users anywhere. The
 * value is resolved as a browser would (`new URL(value, PUBLIC_URL)`: `/\evil.example/x` and
 * `//evil.example` name another host), and the result kept only when its origin is the server's; what
 * goes back is its path, query and fragment, never the given text.
 */
export function safeRedirect(value: string | undefined, publicUrl: string): string {
  if (!value) return '/'
  try {
    const base = new URL(publicUrl || 'http://localhost')
    const target = new URL(value, base)
    if (target.origin !== base.origin) return '/'
    return `${target.pathname}${target.search}${target.hash}`
  } catch {
    return '/'
  }
}
