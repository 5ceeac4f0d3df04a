import * as v from 'valibot'
import {
  AccessTokenClaimsSchema,
  HTTP_PATHS,
  LoginResponseSchema,
  REDIRECT_HEADER,
  REFRESH_TRANSPORT_HEADER,
  SsoResponseSchema,
  type AccessTokenClaims,
  type LoginRequest,
  type LoginResponse,
} from '../protocol'
import type { HttpClient } from './http'

/** The header asking for the refresh token in the server's HttpOnly cookie (when `inCookie`). */
function transport(inCookie: boolean): Record<string, string> {
  return inCookie ? { [REFRESH_TRANSPORT_HEADER]: 'cookie' } : {}
}

/**
 * Signs in with email and password (and the 2FA code in the code step). The auth calls carry no bearer
 * token and are never renewed (SPEC §7). `returnTo` goes in the X-Redirect header. With `inCookie` the
 * server keeps the refresh token in its HttpOnly cookie and leaves it out of the answer.
 *
 * @example
 * const response = await requestLogin(api(), { email, password, agreement: true }, location.href, true)
 */
export function requestLogin(
  http: HttpClient,
  body: LoginRequest,
  returnTo: string,
  inCookie = false,
): Promise<LoginResponse> {
  return http.post(HTTP_PATHS.login, {
    auth: false,
    body,
    headers: { [REDIRECT_HEADER]: returnTo, ...transport(inCookie) },
    schema: LoginResponseSchema,
  })
}

/**
 * Claims an existing session by its one-time id (`/login/claim/{id}`).
 *
 * @example
 * const response = await requestClaim(api(), 'a1b2c3', true)
 */
export function requestClaim(http: HttpClient, id: string, inCookie = false): Promise<LoginResponse> {
  return http.get(HTTP_PATHS.claim(id), {
    auth: false,
    headers: transport(inCookie),
    schema: LoginResponseSchema,
  })
}

/**
 * Ends the session on the server (revokes the refresh token's family). Never throws: signing out
 * locally must work even when the server cannot be reached.
 *
 * @example
 * await requestLogout(api(), tokens.refreshToken)
 */
export async function requestLogout(http: HttpClient, refreshToken: string | undefined): Promise<void> {
  try {
    await http.post(HTTP_PATHS.logout, { auth: false, body: refreshToken ? { refreshToken } : {} })
  } catch (error) {
    console.warn('[agent-console] logout request failed', error)
  }
}

/**
 * Starts enterprise SSO for an email; resolves with the identity provider's address to go to.
 *
 * @example
 * location.assign(await requestSso(api(), { email, agreement: true }))
 */
export async function requestSso(
  http: HttpClient,
  body: { email: string; agreement: boolean; remember: boolean },
): Promise<string> {
  const { location } = await http.post(HTTP_PATHS.sso, { auth: false, body, schema: SsoResponseSchema })
  return location
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/**
 * Reads the claims of an access token without verifying it (the server verifies; the console only
 * needs the expiry and the user id). Null when the token is not a JWT of the contract.
 *
 * @example
 * const expiresAt = (tokenClaims(accessToken)?.exp ?? 0) * 1000
 */
export function tokenClaims(accessToken: string): AccessTokenClaims | null {
  try {
    const payload = JSON.parse(decodeBase64Url(accessToken.split('.')[1] ?? '')) as unknown
    const parsed = v.safeParse(AccessTokenClaimsSchema, payload)
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}
