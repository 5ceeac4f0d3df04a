import { computed } from 'nanostores'
import { $tokens } from './tokens'

/** Reads the `aud` claim (the user id) of an access token without verifying it: the server does that. */
export function userIdOfToken(accessToken: string | null | undefined): string | null {
  const payload = accessToken?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const claims = JSON.parse(json) as { aud?: unknown }
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud
    return typeof aud === 'string' ? aud : null
  } catch {
    return null
  }
}

/**
 * The signed-in agent's user id (the `aud` claim of the access token), or null when signed out: the
 * calendar shows and books into this user's calendar unless another one is selected.
 *
 * @example
 * const me = $signedInUserId.get()
 */
export const $signedInUserId = computed($tokens, (tokens) => userIdOfToken(tokens?.accessToken))
