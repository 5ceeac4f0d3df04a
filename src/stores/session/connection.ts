import { atom } from 'nanostores'
import {
  CLIENT_REPLY_DEFAULTS,
  HTTP_PATHS,
  REFRESH_TRANSPORT_HEADER,
  RefreshResponseSchema,
  SERVER_EVENT_DEFAULTS,
  serverEventSchemas,
  type ClientToServerEvents,
} from '../../protocol'
import { SOCKET_PATH, SOCKET_TIMEOUT_MS, TOKEN_DELAY_S } from '../../constants'
import { createHttpClient, HttpError, type HttpClient } from '../../services/http'
import {
  createSocketConnection,
  type SocketConnection,
  type SocketConnectionOptions,
} from '../../services/socket'
import { clock } from '../../services/clock'
import { tokenClaims } from '../../services/auth'
import { $config, $hostSession } from '../app/config'
import { $tokens, setTokens } from './tokens'
import { renewFromHost } from './host-session'
import { reportMalformed } from './protocol-errors'

/** The console's realtime link, typed by the contract's server events. */
export type Realtime = SocketConnection<typeof serverEventSchemas, ClientToServerEvents>

/**
 * How the console decodes what the server sends: the contract's validators, the documented defaults of
 * tolerated fields, and a loud report of every dropped message. Tests' fake links use it too.
 */
export const CONTRACT_DECODING = {
  schemas: serverEventSchemas,
  defaults: SERVER_EVENT_DEFAULTS,
  replyDefaults: CLIENT_REPLY_DEFAULTS,
  onMalformed: reportMalformed,
}

/**
 * A realtime link that speaks the console's contract: what comes in decoded with `CONTRACT_DECODING`,
 * what goes out typed by `ClientToServerEvents`. Tests make their fake links with it too.
 *
 * @example
 * const link = createRealtime({ url: '', path: '/ws', timeoutMs: 15_000, ioFactory: fake.factory })
 */
export function createRealtime(
  options: Omit<SocketConnectionOptions<typeof serverEventSchemas>, keyof typeof CONTRACT_DECODING>,
): Realtime {
  return createSocketConnection<typeof serverEventSchemas, ClientToServerEvents>({
    ...options,
    ...CONTRACT_DECODING,
  })
}

/** The last failed token verification or renewal: the http-error event of SPEC §7. */
export const $httpError = atom<{ status: number; message: string; at: number } | null>(null)

let http: HttpClient | null = null
let socket: Realtime | null = null

/**
 * Whether the refresh token should live in the server's HttpOnly cookie: when the API is on this page's
 * own origin, its cookie is first-party. An API elsewhere (a CRM embedding the console) hands the token
 * to the page instead, since browsers drop third-party cookies.
 *
 * @example
 * requestLogin(api(), body, location.href, refreshInCookie())
 */
export function refreshInCookie(): boolean {
  try {
    return new URL($config.get().apiUrl, location.href).origin === location.origin
  } catch {
    return false
  }
}

/**
 * Renews the access token: from the host page's token provider when it handed the session in, else with
 * the refresh token (the page's, or the cookie's), which rotates.
 */
async function renew(client: HttpClient): Promise<string> {
  const host = $hostSession.get()
  if (host) return renewFromHost(host)
  const tokens = $tokens.get()
  if (!tokens) throw new HttpError(401, 'Not signed in')
  const renewed = await client.post(HTTP_PATHS.refreshToken, {
    auth: false,
    body: tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {},
    ...(tokens.refreshToken ? {} : { headers: { [REFRESH_TRANSPORT_HEADER]: 'cookie' } }),
    schema: RefreshResponseSchema,
  })
  // Signed out (or signed in again) while the renewal was on its way: do not bring that session back.
  if ($tokens.get() !== tokens) throw new HttpError(401, 'Session changed')
  setTokens({
    accessToken: renewed.accessToken,
    // A server that does not rotate refresh tokens (SPEC §7 shows only accessToken) keeps the one we hold.
    refreshToken: renewed.refreshToken ?? tokens.refreshToken ?? null,
    remember: tokens.remember,
  })
  return renewed.accessToken
}

/**
 * Whether an access token has lived its lifetime (its `exp - iat`), less the allowed delay, since the client
 * first used it. Counted on the page's clock, not against `exp`: a computer whose clock is off would
 * otherwise renew on every call or never. A token is first used just after it is issued (sign-in, renewal)
 * or restored, so its age is never overestimated: at worst the server's 401 renews it, as before.
 */
function tokenAges(): (token: string) => boolean {
  let heldSince: { token: string; at: number } | null = null
  return (token) => {
    if (heldSince?.token !== token) heldSince = { token, at: clock.now() }
    const claims = tokenClaims(token)
    if (!claims) return false
    return clock.now() >= heldSince.at + (claims.exp - claims.iat - TOKEN_DELAY_S) * 1000
  }
}

/**
 * The page's HTTP client: API base from the configuration, the session's bearer token, one renewal for
 * any number of concurrent 401s, and `$httpError` set when a renewal fails.
 *
 * @example
 * const { data } = await api().get(HTTP_PATHS.services, { schema: ServicesResponseSchema })
 */
export function api(): HttpClient {
  if (!http) {
    const client: HttpClient = createHttpClient({
      baseUrl: () => $config.get().apiUrl,
      accessToken: () => $tokens.get()?.accessToken ?? null,
      renew: () => renew(client),
      expiresSoon: tokenAges(),
      onRenewFailed: (error) =>
        $httpError.set({ status: error.status, message: error.message, at: clock.now() }),
    })
    http = client
  }
  return http
}

/**
 * The page's one realtime link (socket.io on `/ws`, websocket only, no transport reconnection), made on
 * first use from the configuration. Every element and store listens on this same link.
 *
 * @example
 * realtime().on('inbound', (call) => ringInbound(call))
 */
export function realtime(): Realtime {
  socket ??= createRealtime({
    url: $config.get().socketUrl,
    path: SOCKET_PATH,
    timeoutMs: SOCKET_TIMEOUT_MS,
  })
  return socket
}

/** Tests hand in their own client or link (a fake socket, a client against a test server). */
export function replaceConnections(replacements: {
  http?: HttpClient | null
  socket?: Realtime | null
}): void {
  if (replacements.http !== undefined) http = replacements.http
  if (replacements.socket !== undefined) socket = replacements.socket
}
