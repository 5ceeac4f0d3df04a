import { AuthenticatedSchema, type AuthenticateError, type ForcedDisconnect } from '../../protocol'
import {
  FALLBACK_TIME_ZONE,
  OFFLINE_NOTICE_DELAY_MS,
  PERSISTENT,
  TOKEN_DELAY_S,
  TOKEN_REFRESH_MARGIN_MS,
} from '../../constants'
import { tokenClaims } from '../../services/auth'
import { clock, type TimerId } from '../../services/clock'
import { HttpError } from '../../services/http'
import { SocketRequestError } from '../../services/socket'
import { markDisconnected, receiveAgentStatus } from '../status/agent'
import { $browserOnline, watchPresence } from '../app/browser-presence'
import { api, realtime, type Realtime } from './connection'
import { onLogout } from './logout'
import { alertAgent, receiveNotifications } from '../profile/notifications'
import { endSessionFromServer, receiveUser, sessionId } from './session'
import { loadUserSettings, receiveConsoleSettings, $userSettings } from '../profile/settings'
import { playOfflineAlert } from '../profile/ringtone'
import { receiveAnnouncement, receiveAnnouncementsUnread } from '../profile/announcements'
import { dismissToast } from '../app/toasts'
import { $tokens } from './tokens'
import { $tabRole } from '../app/tab-role'
import { whenActiveTab } from '../app/tab-turn'
import { $link, setLink } from './link-state'
import { reconnectDelay } from './reconnect-policy'

const RECONNECTING_KEY = 'reconnecting'

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE
}

/**
 * The agent's realtime session (SPEC §4): connects with a fresh token, authenticates, and keeps the
 * link up with back-off until told to stop. All of its state lives in this one object.
 */
class RealtimeSession {
  /** The console wants to be connected (between connect and logout, unless duplicated or forced). */
  #wanted = false
  #wired: { socket: Realtime; stop: () => void } | null = null
  #stopPresence: (() => void) | null = null
  #retryTimer: TimerId | undefined
  #offlineTimer: TimerId | undefined
  /** Every attempt gets a number; callbacks of an older attempt are ignored. */
  #generation = 0
  /** The server refused the token: the next attempt renews it first. */
  #forceRenewal = false
  /** The console closes the socket itself: its `disconnect` is not a drop. */
  #closingOnPurpose = false
  /** A next attempt is already planned (or waits for the network): further drops only get logged. */
  #retryPlanned = false
  /** The attempt whose `authenticate` awaits an answer (ack or `authenticate:error`, whichever first). */
  #authenticating: number | null = null
  /** Stops waiting for this tab's turn to hold the link (see `whenActiveTab`). */
  #waitingTurn: (() => void) | null = null

  /** See {@link connectRealtime}. */
  connect(): void {
    if (!$tokens.get() || (this.#wanted && $link.get().state !== 'idle')) return
    // One console tab per browser holds the link and rings; another tab connects when its turn comes.
    if ($tabRole.get() !== 'active') {
      this.#waitingTurn ??= whenActiveTab(() => {
        this.#waitingTurn = null
        this.connect()
      })
      return
    }
    this.#wanted = true
    this.#watchBrowser()
    void this.#attempt()
  }

  /** See {@link reconnectNow}. */
  reconnectNow(): void {
    if (!$tokens.get()) return
    const state = $link.get().state
    if (state === 'online' || state === 'connecting') return
    if (state === 'duplicated' || state === 'forced') {
      dismissToast('session-duplicated')
      this.#wanted = true
      setLink({ state: 'connecting', attempt: 0, code: null })
    }
    if (!this.#wanted) return
    this.#watchBrowser()
    void this.#attempt()
  }

  /** See {@link disconnectRealtime}. */
  disconnect(): void {
    this.#waitingTurn?.()
    this.#waitingTurn = null
    this.#stop()
    this.#closeSocket()
    this.#stopPresence?.()
    this.#stopPresence = null
    this.#wired?.stop()
    this.#wired = null
    this.#forceRenewal = false
    setLink({ state: 'idle', attempt: 0, code: null })
  }

  /** Renews the access token when it is about to expire (or when the server refused it). */
  async #ensureFreshToken(): Promise<void> {
    const tokens = $tokens.get()
    if (!tokens) throw new HttpError(401, 'Not signed in')
    const expiresAt = (tokenClaims(tokens.accessToken)?.exp ?? 0) * 1000
    const left = expiresAt - TOKEN_DELAY_S * 1000 - clock.now()
    if (this.#forceRenewal || left < TOKEN_REFRESH_MARGIN_MS) {
      await api().renewOnce()
      this.#forceRenewal = false
    }
  }

  #closeSocket(): void {
    const socket = this.#wired?.socket
    if (!socket) return
    this.#closingOnPurpose = true
    socket.disconnect()
    this.#closingOnPurpose = false
  }

  /** Plans the next attempt after a failure, with the back-off, and shows the persistent notice. */
  #scheduleReconnect(code: string): void {
    if (!this.#wanted) return
    clock.clearTimeout(this.#retryTimer)
    this.#retryPlanned = true
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
    this.#retryTimer = clock.setTimeout(() => void this.#attempt(), reconnectDelay(attempt))
  }

  async #attempt(): Promise<void> {
    clock.clearTimeout(this.#retryTimer)
    this.#retryPlanned = false
    if (!this.#wanted) return
    const mine = ++this.#generation
    const socket = this.#wire()
    if ($link.get().state === 'idle') setLink({ state: 'connecting', attempt: 0, code: null })
    try {
      await this.#ensureFreshToken()
    } catch (error) {
      if (mine !== this.#generation) return
      const status = error instanceof HttpError ? error.status : 0
      // A refused refresh token ends the session through the http-error path; nothing to retry.
      if (status === 401) return this.#stop()
      return this.#scheduleReconnect(`http ${status}`)
    }
    if (mine !== this.#generation || !this.#wanted) return
    if (socket.isConnected()) void this.#authenticate(socket, mine)
    else socket.connect()
  }

  async #authenticate(socket: Realtime, mine: number): Promise<void> {
    const tokens = $tokens.get()
    if (!tokens || !this.#wanted) return
    this.#authenticating = mine
    try {
      await socket.request(
        'authenticate',
        { accessToken: tokens.accessToken, sessionId: sessionId(), timezone: timeZone() },
        AuthenticatedSchema,
      )
      if (mine === this.#generation && this.#authenticating === mine) this.#authenticated()
    } catch (error) {
      if (mine !== this.#generation || this.#authenticating !== mine) return
      const code = error instanceof SocketRequestError ? error.code : 0
      this.#authenticationFailed(code)
    }
  }

  #authenticated(): void {
    this.#authenticating = null
    const recovered = $link.get().attempt > 0
    setLink({ state: 'online', attempt: 0, code: null })
    clock.clearTimeout(this.#offlineTimer)
    dismissToast(RECONNECTING_KEY)
    dismissToast('status-offline')
    if (recovered) alertAgent({ variant: 'success', messageId: 'connection.restored', key: RECONNECTING_KEY })
    if (!$userSettings.get()) void loadUserSettings()
  }

  #authenticationFailed(code: number): void {
    this.#authenticating = null
    if (code === 403) return this.#duplicated()
    // 401/400: the token was refused; the next attempt renews it first (SPEC §4).
    if (code === 401 || code === 400) this.#forceRenewal = true
    this.#generation += 1
    this.#closeSocket()
    this.#scheduleReconnect(String(code))
  }

  #duplicated(): void {
    this.#wanted = false
    this.#generation += 1
    clock.clearTimeout(this.#retryTimer)
    this.#closeSocket()
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

  #forced(payload: ForcedDisconnect): void {
    this.#wanted = false
    this.#generation += 1
    clock.clearTimeout(this.#retryTimer)
    dismissToast(RECONNECTING_KEY)
    setLink({ state: 'forced', attempt: 0, code: payload.reason })
    markDisconnected(payload.reason)
    // The server ended this login (logout elsewhere, revoked token): it cannot come back, not even by a reload.
    endSessionFromServer(payload.reason)
  }

  #dropped(reason: string): void {
    if (this.#closingOnPurpose || !this.#wanted) return
    const wasOnline = $link.get().state === 'online'
    markDisconnected(reason)
    if (this.#retryPlanned) return
    this.#generation += 1
    this.#authenticating = null
    if (wasOnline) {
      clock.clearTimeout(this.#offlineTimer)
      this.#offlineTimer = clock.setTimeout(() => {
        if ($link.get().state === 'online') return
        alertAgent({ variant: 'warning', messageId: 'status.offline', key: 'status-offline', desktop: true })
        playOfflineAlert()
      }, OFFLINE_NOTICE_DELAY_MS)
    }
    this.#scheduleReconnect(reason)
  }

  /** Listens to the session's events on the page's link (again, if tests replaced it). */
  #wire(): Realtime {
    const socket = realtime()
    if (this.#wired?.socket === socket) return socket
    this.#wired?.stop()
    const stops = [
      socket.onLifecycle({
        connect: () => void this.#authenticate(socket, this.#generation),
        disconnect: (reason) => this.#dropped(reason),
        connectError: (error) => {
          console.warn('[agent-console] realtime connection failed', error.message)
          this.#dropped(error.message || 'connect_error')
        },
      }),
      socket.on('authenticate:error', (error: AuthenticateError) => {
        if (this.#authenticating !== null) this.#authenticationFailed(error.code)
      }),
      socket.on('forced:disconnect', (payload) => this.#forced(payload)),
      socket.on('agent:authenticated', receiveUser),
      socket.on('console:settings', receiveConsoleSettings),
      socket.on('agent:status:update', receiveAgentStatus),
      socket.on('notifications:update', receiveNotifications),
      socket.on('announcement:new', receiveAnnouncement),
      socket.on('announcements:update', receiveAnnouncementsUnread),
    ]
    this.#wired = { socket, stop: () => stops.forEach((stopListening) => stopListening()) }
    return socket
  }

  #watchBrowser(): void {
    this.#stopPresence ??= watchPresence({
      offline: () => {
        clock.clearTimeout(this.#retryTimer)
        alertAgent({
          variant: 'warning',
          messageId: 'connection.browserOffline',
          duration: PERSISTENT,
          key: 'browser-offline',
        })
      },
      online: () => {
        dismissToast('browser-offline')
        this.reconnectNow()
      },
      wake: () => {
        // Back from sleep: renew a stale token now, and do not wait out the back-off.
        if ($link.get().state === 'online') void this.#ensureFreshToken().catch(() => undefined)
        else this.reconnectNow()
      },
    })
  }

  #stop(): void {
    this.#wanted = false
    this.#retryPlanned = false
    this.#authenticating = null
    this.#generation += 1
    clock.clearTimeout(this.#retryTimer)
    clock.clearTimeout(this.#offlineTimer)
    dismissToast(RECONNECTING_KEY)
  }
}

// One session per page (ARCHITECTURE.md): every element shares this link.
const session = new RealtimeSession()

/**
 * Connects the console: fresh token, socket, `authenticate`; then keeps it connected (SPEC §4).
 * Idempotent. The shell calls it once the startup check passed; `<agent-status>` alone calls it when
 * an agent is signed in.
 *
 * @example
 * connectRealtime()
 */
export function connectRealtime(): void {
  session.connect()
}

/**
 * Tries again at once (the online event, waking up, or the agent's reconnect button after a
 * duplicated session), skipping the back-off.
 *
 * @example
 * reconnectNow()
 */
export function reconnectNow(): void {
  session.reconnectNow()
}

/**
 * Closes the link on purpose (logout): no reconnection, no notice.
 *
 * @example
 * disconnectRealtime()
 */
export function disconnectRealtime(): void {
  session.disconnect()
}

onLogout(disconnectRealtime)
