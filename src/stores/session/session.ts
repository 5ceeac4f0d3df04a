import { atom, computed, onMount } from 'nanostores'
import {
  HTTP_PATHS,
  CheckTokenResponseSchema,
  type AgentAuthenticated,
  type ForcedDisconnect,
} from '../../protocol'
import { SESSION_ID_KEY, PERSISTENT } from '../../constants'
import { requestLogout, tokenClaims } from '../../services/auth'
import { tabString } from '../../services/storage'
import { reloadPage } from '../../services/page'
import { $busyInCall, HangupKept, hangupActive, resetActivity } from '../status/activity'
import { $httpError, api } from './connection'
import { $signedIn, onLogout } from './logout'
import { $linkOnline } from './link-state'
import { alertAgent } from '../profile/notifications'
import { navigate } from '../shell/router'
import { clearToasts } from '../app/toasts'
import { $tokens, clearTokens } from './tokens'
import { startHostSession } from './host-session'
import { $hostSession, forgetHostSession } from '../app/config'
import { randomHex } from '../../services/random-hex'

export { $signedIn, onLogout }

/** The signed-in agent as the server introduced them (`agent:authenticated`), null until then. */
export const $user = atom<AgentAuthenticated | null>(null)

/** The signed-in user's id, from the access token (known before the socket is up). */
export const $userId = computed($tokens, (tokens) =>
  tokens ? (tokenClaims(tokens.accessToken)?.aud ?? null) : null,
)

/**
 * The refresh token expired during a call or meeting: the console keeps the call and shows a warning
 * with a refresh button instead of logging out (SPEC §4).
 */
export const $sessionExpiredInCall = atom(false)

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; plain-http deployments still get 128 random bits.
  return randomHex(16)
}

const $sessionId = tabString(SESSION_ID_KEY, { exact: true })

/**
 * This tab's console session id: made once, kept in sessionStorage under `console-session`, so a
 * reload or a reconnect is the same session and another tab is a different one.
 *
 * @example
 * realtime().emit('authenticate', { accessToken, sessionId: sessionId(), timezone })
 */
export function sessionId(): string {
  let id = $sessionId.get()
  if (!id) {
    id = randomId()
    $sessionId.set(id)
  }
  return id
}

/**
 * Keeps who the server says the agent is (the realtime session calls this on `agent:authenticated`).
 *
 * @example
 * realtime().on('agent:authenticated', receiveUser)
 */
export function receiveUser(user: AgentAuthenticated): void {
  $user.set(user)
}

/** Ends the session here: every store resets (see `onLogout`), and the agent goes to the login. */
function signOutLocally(): void {
  // Before the tokens go: resets run after the current store notification, which would also sweep
  // away the warning that explains the logout.
  clearToasts()
  clearTokens()
  navigate('/login', { replace: true })
}

/**
 * Logs out: tells the server (`POST /auth/logout`), clears every store and returns to the login. A call or
 * meeting under way is hung up first, as a status change does (SPEC §4): one that is kept (an invalid agent
 * form, a refusal of the server, each said) keeps the agent signed in, and this resolves false. Without a
 * link to the server there is no hang-up to ask for: the agent is logged out (the server ends the call once
 * the agent's grace runs out).
 *
 * @example
 * await logout()
 */
export async function logout(): Promise<boolean> {
  if ($busyInCall.get() && $linkOnline.get())
    try {
      await hangupActive()
    } catch (error) {
      // Leaving would drop the customer and the agent's unsaved form: the agent stays, told why.
      if (error instanceof HangupKept) return false
      console.warn('[agent-console] the call could not be hung up before logging out', error)
    }
  const refreshToken = $tokens.get()?.refreshToken ?? undefined
  signOutLocally()
  await requestLogout(api(), refreshToken)
  return true
}

/**
 * The refresh token is no longer accepted. Outside a call the agent is logged out with a warning (and
 * a desktop notification); during a call or meeting only a warning with a refresh button shows.
 *
 * @example
 * expireSession()
 */
export function expireSession(): void {
  if (!$tokens.get()) return
  if ($busyInCall.get()) {
    $sessionExpiredInCall.set(true)
    alertAgent({
      variant: 'warning',
      messageId: 'session.expiredInCall',
      duration: PERSISTENT,
      key: 'session-expired',
      desktop: true,
    })
    return
  }
  signOutLocally()
  alertAgent({ variant: 'warning', messageId: 'session.expired', key: 'session-expired', desktop: true })
}

/**
 * The server ended this login (`forced:disconnect`): a logout in another tab or window, the session
 * ended from another device, or a revoked token. Unlike an expiry, no reload brings the agent back (the
 * login itself is gone), so even in a call the agent is signed out here, told why and, in a call, that
 * only logging in again keeps it.
 *
 * @example
 * endSessionFromServer('logout')
 */
export function endSessionFromServer(reason: ForcedDisconnect['reason']): void {
  if (!$tokens.get()) return
  const inCall = $busyInCall.get()
  signOutLocally()
  alertAgent({
    variant: 'warning',
    messageId:
      reason === 'token-revoked'
        ? 'session.revoked'
        : // Ended from the profile's list of sessions of another device (ASVS 7.4.5).
          reason === 'session-ended'
          ? 'session.endedElsewhere'
          : inCall
            ? 'session.loggedOutElsewhereInCall'
            : 'session.loggedOutElsewhere',
    ...(inCall ? { duration: PERSISTENT } : {}),
    key: 'session-expired',
    desktop: true,
  })
}

/** Reloads the page after a session expired during a call: the console reconnects to the call. */
export function refreshExpiredSession(): void {
  reloadPage()
}

/**
 * Verifies the restored token with the server (`GET /auth/check-token`); a 401 renews it, and a
 * failed renewal ends the session through the http-error path. Runs when a view first watches the
 * session.
 *
 * @example
 * await verifySession()
 */
export async function verifySession(): Promise<void> {
  if (!$tokens.get()) return
  try {
    await api().get(HTTP_PATHS.checkToken, { schema: CheckTokenResponseSchema })
  } catch (error) {
    console.warn('[agent-console] the restored session could not be verified', error)
  }
}

/** What the http-error event asks for: 401 ends the session, anything else is shown as a code. */
function onHttpError(error: { status: number; message: string } | null): void {
  if (!error) return
  if (error.status === 401) expireSession()
  // No server answered (status 0): the browser's words ("Failed to fetch") would reach the agent untranslated.
  else if (error.status === 0)
    alertAgent({ variant: 'danger', messageId: 'session.httpUnreachable', key: 'http-error' })
  else
    alertAgent({
      variant: 'danger',
      messageId: 'session.httpError',
      values: { code: error.status, message: error.message },
      key: 'http-error',
    })
}

// Watching starts with the first view that cares whether an agent is signed in. A host page's token
// provider (session hand-off) signs the agent in then, and again whenever the host hands one in.
onMount($signedIn, () => {
  const stops = [
    $hostSession.subscribe((host) => {
      if (host) void startHostSession()
    }),
    $httpError.listen(onHttpError),
  ]
  if (!$hostSession.get()) void verifySession()
  return () => stops.forEach((stop) => stop())
})

onLogout(() => {
  forgetHostSession()
  $user.set(null)
  $sessionExpiredInCall.set(false)
  resetActivity()
})
