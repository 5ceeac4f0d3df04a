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

/** Whether the tokens held are a host provider's (they come without a refresh token). */
const heldFromHost = () => {
  const tokens = $tokens.get()
  return tokens !== null && tokens.refreshToken === null && Boolean(tokens.accessToken)
}

/** The provider being asked for the first token, so that overlapping starts ask it once. */
let starting: { host: HostSession; done: Promise<void> } | null = null

/**
 * Signs in with the host page's session (`configure({ tokenProvider })`): the provider's token is held in
 * memory and the console enters as after a login. Does nothing without a provider or when it has none.
 *
 * @example
 * await startHostSession()
 */
export function startHostSession(): Promise<void> {
  const host = $hostSession.get()
  // Signed in already, or this provider is being asked: a second call would make the host's backend
  // mint a second session, which ends the first one (one session per agent) under the requests in flight.
  if (!host || heldFromHost()) return Promise.resolve()
  if (starting?.host === host) return starting.done
  const done = (async () => {
    const token = await provided(host)
    // The host handed in another provider (or removed it) meanwhile: that one decides.
    if (!token || $hostSession.get() !== host || heldFromHost()) return
    holdTokens({ accessToken: token, refreshToken: null, remember: false })
  })().finally(() => {
    if (starting?.done === done) starting = null
  })
  starting = { host, done }
  return done
}

/**
 * Renews the access token through the host's provider; rejects with a 401 (which ends the session)
 * when the host has no token for the agent any more.
 *
 * @example
 * const accessToken = await renewFromHost(host)
 */
export async function renewFromHost(host: HostSession): Promise<string> {
  // The first token is on its way: asking again would end the session it is about to open.
  if (starting?.host === host) {
    await starting.done
    const started = $tokens.get()?.accessToken
    if (started) return started
  }
  const tokens = $tokens.get()
  if (!tokens) throw new HttpError(401, 'Not signed in')
  const token = await provided(host)
  if (!token) throw new HttpError(401, 'The host page ended the session')
  if ($tokens.get() !== tokens) throw new HttpError(401, 'Session changed')
  holdTokens({ ...tokens, accessToken: token })
  return token
}
