import { atom, computed } from 'nanostores'
import { AuthenticatedSchema, type AuthenticateError, type ForcedDisconnect } from '../../protocol'
import {
  FALLBACK_TIME_ZONE,
  OFFLINE_NOTICE_DELAY_MS,
  PERSISTENT,
  RECONNECT_BASE_MS,
  RECONNECT_JITTER,
  RECONNECT_MAX_MS,
  TOKEN_DELAY_S,
  TOKEN_REFRESH_MARGIN_MS,
} from '../../constants'
import { tokenClaims } from '../../services/auth'
import { clock, type TimerId } from '../../services/clock'
import { HttpError } from '../../services/http'
import { SocketRequestError } from '../../services/socket'
import { playOfflineSound } from '../../services/sound'
import { markDisconnected, receiveAgentStatus } from '../status/agent'
import { $browserOnline, watchPresence } from '../app/browser-presence'
import { api, realtime, type Realtime } from './connection'
import { onLogout } from './logout'
import { alertAgent, receiveNotifications } from '../profile/notifications'
import { expireSession, receiveUser, sessionId } from './session'
import { loadUserSettings, receiveConsoleSettings, $userSettings } from '../profile/settings'
import { dismissToast } from '../app/toasts'
import { $tokens } from './tokens'
import { $tabRole } from '../app/tab-role'
import { whenActiveTab } from '../app/tab-turn'

/**
 * Where the realtime link is: `idle` before the agent connects, `online` once authenticated,
 * `reconnecting` between attempts; `duplicated` and `forced` stop the automatic reconnection (SPEC §4).
 */
export type LinkState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'duplicated' | 'forced'

/** The realtime link's state, with the attempt number and the last code while reconnecting. */
export interface LinkStatus {
  state: LinkState
  /** The reconnection attempt under way or next (0 when online). */
  attempt: number
  /** Why the link dropped or the last attempt failed (transport reason or error code). */
  code: string | null
}

/** The realtime link's state. */
export const $link = atom<LinkStatus>({ state: 'idle', attempt: 0, code: null })

/** The link is up and authenticated. */
export const $linkOnline = computed($link, (link) => link.state === 'online')

const RECONNECTING_KEY = 'reconnecting'

let wanted = false
let wired: { socket: Realtime; stop: () => void } | null = null
let stopPresence: (() => void) | null = null
let retryTimer: TimerId | undefined
let offlineTimer: TimerId | undefined
// Every attempt gets a number; callbacks of an older attempt are ignored.
let generation = 0
let forceRenewal = false
let closingOnPurpose = false
// A next attempt is already planned (or waits for the network): further drops only get logged.
let retryPlanned = false
// The attempt whose `authenticate` awaits an answer (ack or `authenticate:error`, whichever first).
let authenticating: number | null = null

function setLink(status: LinkStatus): void {
  $link.set(status)
}

/** Pause before attempt `n` (1-based): 1 s, 2 s, 4 s… up to 30 s, plus up to 20 % at random. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1), RECONNECT_MAX_MS)
  return Math.round(base * (1 + RECONNECT_JITTER * random()))
}

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE
}

/** Renews the access token when it is about to expire (or when the server refused it). */
async function ensureFreshToken(): Promise<void> {
  const tokens = $tokens.get()
  if (!tokens) throw new HttpError(401, 'Not signed in')
  const expiresAt = (tokenClaims(tokens.accessToken)?.exp ?? 0) * 1000
  const left = expiresAt - TOKEN_DELAY_S * 1000 - clock.now()
  if (forceRenewal || left < TOKEN_REFRESH_MARGIN_MS) {
    await api().renewOnce()
    forceRenewal = false
  }
}

function closeSocket(): void {
  const socket = wired?.socket
  if (!socket) return
  closingOnPurpose = true
  socket.disconnect()
  closingOnPurpose = false
}

/** Plans the next attempt after a failure, with the back-off, and shows the persistent notice. */
function scheduleReconnect(code: string): void {
  if (!wanted) return
  clock.clearTimeout(retryTimer)
  retryPlanned = true
  const attempt = $link.get().attempt + 1
  setLink({ state: 'reconnecting', attempt, code })
  alertAgent({
    variant: 'warning',
    messageId: 'connection.reconnecting',
    values: { attempt, code },
    duration: PERSISTENT,
    key: RECONNECTING_KEY,
  })
  // Offline, attempts would only fail: the `online` event resumes them.
  if (!$browserOnline.get()) return
  retryTimer = clock.setTimeout(() => void attemptConnection(), reconnectDelay(attempt))
}

async function attemptConnection(): Promise<void> {
  clock.clearTimeout(retryTimer)
  retryPlanned = false
  if (!wanted) return
  const mine = ++generation
  const socket = wire()
  if ($link.get().state === 'idle') setLink({ state: 'connecting', attempt: 0, code: null })
  try {
    await ensureFreshToken()
  } catch (error) {
    if (mine !== generation) return
    const status = error instanceof HttpError ? error.status : 0
    // A refused refresh token ends the session through the http-error path; nothing to retry.
    if (status === 401) return stop()
    return scheduleReconnect(`http ${status}`)
  }
  if (mine !== generation || !wanted) return
  if (socket.isConnected()) void authenticate(socket, mine)
  else socket.connect()
}

async function authenticate(socket: Realtime, mine: number): Promise<void> {
  const tokens = $tokens.get()
  if (!tokens || !wanted) return
  authenticating = mine
  try {
    await socket.request(
      'authenticate',
      { accessToken: tokens.accessToken, sessionId: sessionId(), timezone: timeZone() },
      AuthenticatedSchema,
    )
    if (mine === generation && authenticating === mine) authenticated()
  } catch (error) {
    if (mine !== generation || authenticating !== mine) return
    const code = error instanceof SocketRequestError ? error.code : 0
    authenticationFailed(code)
  }
}

function authenticated(): void {
  authenticating = null
  const recovered = $link.get().attempt > 0
  setLink({ state: 'online', attempt: 0, code: null })
  clock.clearTimeout(offlineTimer)
  dismissToast(RECONNECTING_KEY)
  dismissToast('status-offline')
  if (recovered) alertAgent({ variant: 'success', messageId: 'connection.restored', key: RECONNECTING_KEY })
  if (!$userSettings.get()) void loadUserSettings()
}

function authenticationFailed(code: number): void {
  authenticating = null
  if (code === 403) return duplicated()
  // 401/400: the token was refused; the next attempt renews it first (SPEC §4).
  if (code === 401 || code === 400) forceRenewal = true
  generation += 1
  closeSocket()
  scheduleReconnect(String(code))
}

function duplicated(): void {
  wanted = false
  generation += 1
  clock.clearTimeout(retryTimer)
  closeSocket()
  dismissToast(RECONNECTING_KEY)
  setLink({ state: 'duplicated', attempt: 0, code: '403' })
  markDisconnected('duplicated')
  alertAgent({
    variant: 'danger',
    messageId: 'session.duplicated',
    duration: PERSISTENT,
    key: 'session-duplicated',
    desktop: true,
  })
}

function forced(payload: ForcedDisconnect): void {
  wanted = false
  generation += 1
  clock.clearTimeout(retryTimer)
  dismissToast(RECONNECTING_KEY)
  setLink({ state: 'forced', attempt: 0, code: payload.reason })
  markDisconnected(payload.reason)
  // The server revoked this session (logout elsewhere, revoked token): it cannot come back.
  expireSession()
}

function dropped(reason: string): void {
  if (closingOnPurpose || !wanted) return
  const wasOnline = $link.get().state === 'online'
  markDisconnected(reason)
  if (retryPlanned) return
  generation += 1
  authenticating = null
  if (wasOnline) {
    clock.clearTimeout(offlineTimer)
    offlineTimer = clock.setTimeout(() => {
      if ($link.get().state === 'online') return
      alertAgent({ variant: 'warning', messageId: 'status.offline', key: 'status-offline', desktop: true })
      playOfflineSound()
    }, OFFLINE_NOTICE_DELAY_MS)
  }
  scheduleReconnect(reason)
}

/** Listens to the session's events on the page's link (again, if tests replaced it). */
function wire(): Realtime {
  const socket = realtime()
  if (wired?.socket === socket) return socket
  wired?.stop()
  const stops = [
    socket.onLifecycle({
      connect: () => void authenticate(socket, generation),
      disconnect: (reason) => dropped(reason),
      connectError: (error) => {
        console.warn('[agent-console] realtime connection failed', error.message)
        dropped(error.message || 'connect_error')
      },
    }),
    socket.on('authenticate:error', (error: AuthenticateError) => {
      if (authenticating !== null) authenticationFailed(error.code)
    }),
    socket.on('forced:disconnect', forced),
    socket.on('agent:authenticated', receiveUser),
    socket.on('console:settings', receiveConsoleSettings),
    socket.on('agent:status:update', receiveAgentStatus),
    socket.on('notifications:update', receiveNotifications),
  ]
  wired = { socket, stop: () => stops.forEach((stopListening) => stopListening()) }
  return socket
}

function watchBrowser(): void {
  stopPresence ??= watchPresence({
    offline: () => {
      clock.clearTimeout(retryTimer)
      alertAgent({
        variant: 'warning',
        messageId: 'connection.browserOffline',
        duration: PERSISTENT,
        key: 'browser-offline',
      })
    },
    online: () => {
      dismissToast('browser-offline')
      reconnectNow()
    },
    wake: () => {
      // Back from sleep: renew a stale token now, and do not wait out the back-off.
      if ($link.get().state === 'online') void ensureFreshToken().catch(() => undefined)
      else reconnectNow()
    },
  })
}

function stop(): void {
  wanted = false
  retryPlanned = false
  authenticating = null
  generation += 1
  clock.clearTimeout(retryTimer)
  clock.clearTimeout(offlineTimer)
  dismissToast(RECONNECTING_KEY)
}

// Stops waiting for this tab's turn to hold the link (see whenActiveTab).
let waitingTurn: (() => void) | null = null

/**
 * Connects the console: fresh token, socket, `authenticate`; then keeps it connected (SPEC §4).
 * Idempotent. The shell calls it once the startup check passed; `<agent-status>` alone calls it when
 * an agent is signed in.
 *
 * @example
 * connectRealtime()
 */
export function connectRealtime(): void {
  if (!$tokens.get() || (wanted && $link.get().state !== 'idle')) return
  // One console tab per browser holds the link and rings; another tab connects when its turn comes.
  if ($tabRole.get() !== 'active') {
    waitingTurn ??= whenActiveTab(() => {
      waitingTurn = null
      connectRealtime()
    })
    return
  }
  wanted = true
  watchBrowser()
  void attemptConnection()
}

/**
 * Tries again at once (the online event, waking up, or the agent's reconnect button after a
 * duplicated session), skipping the back-off.
 *
 * @example
 * reconnectNow()
 */
export function reconnectNow(): void {
  if (!$tokens.get()) return
  const state = $link.get().state
  if (state === 'online' || state === 'connecting') return
  if (state === 'duplicated' || state === 'forced') {
    dismissToast('session-duplicated')
    wanted = true
    setLink({ state: 'connecting', attempt: 0, code: null })
  }
  if (!wanted) return
  watchBrowser()
  void attemptConnection()
}

/**
 * Closes the link on purpose (logout): no reconnection, no notice.
 *
 * @example
 * disconnectRealtime()
 */
export function disconnectRealtime(): void {
  waitingTurn?.()
  waitingTurn = null
  stop()
  closeSocket()
  stopPresence?.()
  stopPresence = null
  wired?.stop()
  wired = null
  forceRenewal = false
  setLink({ state: 'idle', attempt: 0, code: null })
}

onLogout(disconnectRealtime)
