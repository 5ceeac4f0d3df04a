import { $hostSession, type HostSession } from '../app/config'
import { HttpError } from '../../services/http'
import { $tokens, holdTokens } from './tokens'

/** Asks the host's provider for a token; a provider that throws or answers nothing means no session. */
async function provided(host: HostSession): Promise<string | null> {
  try {
    const token = await host.provide()
    return typeof token === 'string' && token.length > 0 ? token : null
  } catch (error) {
    console.warn('[agent-console] the host page did not provide an access token', error)
    return null
  }
}

/**
 * Signs in with the host page's session (`configure({ tokenProvider })`): the provider's token is held in
 * memory and the console enters as after a login. Does nothing without a provider or when it has none.
 *
 * @example
 * await startHostSession()
 */
export async function startHostSession(): Promise<void> {
  const host = $hostSession.get()
  if (!host) return
  const token = await provided(host)
  // The host handed in another provider (or removed it) meanwhile: that one decides.
  if (!token || $hostSession.get() !== host) return
  holdTokens({ accessToken: token, refreshToken: null, remember: false })
}

/**
 * Renews the access token through the host's provider; rejects with a 401 (which ends the session)
 * when the host has no token for the agent any more.
 *
 * @example
 * const accessToken = await renewFromHost(host)
 */
export async function renewFromHost(host: HostSession): Promise<string> {
  const tokens = $tokens.get()
  if (!tokens) throw new HttpError(401, 'Not signed in')
  const token = await provided(host)
  if (!token) throw new HttpError(401, 'The host page ended the session')
  if ($tokens.get() !== tokens) throw new HttpError(401, 'Session changed')
  holdTokens({ ...tokens, accessToken: token })
  return token
}
