import type { FastifyReply, FastifyRequest } from 'fastify'
import { REFRESH_TRANSPORT_HEADER } from '../../src/protocol'
import type { ServerContext } from '../context'
import { sha256 } from '../store/ids'

/** The refresh cookie: HttpOnly, on the auth path only, SameSite=Strict; `__Secure-` prefixed behind TLS. */
export const REFRESH_COOKIE = 'agent_refresh'
const SECURE_COOKIE = `__Secure-${REFRESH_COOKIE}`
const COOKIE_PATH = '/api/auth'

function cookieName(isSecure: boolean): string {
  return isSecure ? SECURE_COOKIE : REFRESH_COOKIE
}

/** Whether the caller asked for the refresh token in the cookie rather than the body. */
export function wantsRefreshCookie(request: FastifyRequest): boolean {
  return request.headers[REFRESH_TRANSPORT_HEADER] === 'cookie'
}

/** Secure cookies when the page was reached over TLS (directly, through a trusted proxy, or by PUBLIC_URL). */
function secure(context: ServerContext, request: FastifyRequest): boolean {
  return request.protocol === 'https' || context.publicUrl().startsWith('https://')
}

/**
 * Hands a new refresh token over as the caller asked: in the body (a page on another site, which
 * cannot keep a third-party cookie), or in the HttpOnly cookie, out of reach of page scripts. The
 * cookie lives as long as the token with remember-me, and only as long as the browser session
 * without it.
 *
 * @returns the body to send (without the refresh token in cookie mode).
 */
export async function deliverRefreshToken<T extends { refreshToken?: string | undefined }>(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
): Promise<T> {
  if (!wantsRefreshCookie(request) || !body.refreshToken) return body
  const rows = await context.db.query<{ expires_at: Date; remember: boolean }>(
    `SELECT t.expires_at, f.remember FROM refresh_tokens t JOIN token_families f ON f.id = t.family_id
      WHERE t.token_hash = $1`,
    [sha256(body.refreshToken)],
  )
  const row = rows[0]
  const maxAge = row?.remember
    ? Math.max(0, Math.floor((row.expires_at.getTime() - context.clock.now()) / 1000))
    : undefined
  const isSecure = secure(context, request)
  reply.setCookie(cookieName(isSecure), body.refreshToken, {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'strict',
    path: COOKIE_PATH,
    ...(maxAge !== undefined ? { maxAge } : {}),
  })
  const { refreshToken: _kept, ...rest } = body
  return rest as T
}

/**
 * The refresh token of a refresh or logout call: the body's, else the cookie's. The cookie counts only
 * for a page of an allowed origin (SameSite=Strict keeps it off other sites' requests already).
 */
export function refreshTokenOf(
  context: ServerContext,
  request: FastifyRequest,
  fromBody: string | undefined,
): string | undefined {
  if (fromBody) return fromBody
  if (!context.origins.allows(request.headers.origin, request.headers.host)) return undefined
  return request.cookies[cookieName(secure(context, request))]
}

/** Removes the refresh cookie (logout). */
export function clearRefreshCookie(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const isSecure = secure(context, request)
  if (request.cookies[cookieName(isSecure)] === undefined) return
  reply.clearCookie(cookieName(isSecure), {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'strict',
    path: COOKIE_PATH,
  })
}
