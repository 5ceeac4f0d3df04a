import {
  ICE_RESTART_RETRY_MAX_MS,
  ICE_RESTART_RETRY_MS,
  MEDIA_CONNECT_TIMEOUT_MS,
  MEDIA_STALL_CHECK_MS,
  MEDIA_STALL_MS,
} from '../constants'
import { clock, type TimerId } from './clock'

/**
 * Where a connection's media path stands, as the people in the call should hear of it:
 * - `connecting`: not yet connected since the link started;
 * - `connected`: media flows;
 * - `reconnecting`: it was connected, the path broke (Wi-Fi to 4G, VPN up, NAT rebinding) and an ICE
 *   restart is under way;
 * - `failed`: it never connected within `MEDIA_CONNECT_TIMEOUT_MS` (no path between the two networks).
 *   The link stays and keeps trying: new ICE servers or a network change can still bring it up.
 */
export type MediaPathState = 'connecting' | 'connected' | 'reconnecting' | 'failed'

/** A new ICE restart, or a follow-up of the one under way. */
export type RestartKind = 'new' | 'follow-up'

/** What the recovery needs from its connection. */
export interface IceRecoveryOptions {
  /** The connection watched (its ICE and connection states). */
  connection: RTCPeerConnection
  /**
   * Starts an ICE restart from this side: the offerer makes a new offer with new ICE credentials, the
   * answerer asks the offerer to (an answer alone cannot restart ICE). `follow-up`: a restart this side
   * started is still under way (the other side asked, or this side noticed the break again): its offer
   * may go again, but no new restart should cross it.
   */
  restart(kind: RestartKind): void
  /** The media path's state changed. */
  onState(state: MediaPathState): void
  /**
   * How many media packets have arrived so far (media connections only). Once media has flowed, none for
   * `MEDIA_STALL_MS` means the path broke, even while ICE still says connected: a NAT that dropped its
   * mapping takes the browser several seconds more to notice, and a frozen picture is what people see.
   */
  packetsReceived?(): Promise<number>
}

/** A running recovery: stop it when the link closes. */
export interface IceRecovery {
  /** The state said last. */
  readonly state: MediaPathState
  /** How many restarts this side started. */
  readonly restarts: number
  /** Restarts now (new ICE servers, or the other side asked) and counts it. */
  restartNow(): void
  /**
   * The other side saw the path break and asked for a restart: restarts, and, on a media connection that
   * was flowing, says `reconnecting` until its packets flow again (this side may not have noticed yet).
   */
  restartAsked(): void
  /** Stops every timer and listener. */
  stop(): void
}

/**
 * Watches a connection's ICE state and restarts ICE when the path breaks: at once on `disconnected` or
 * `failed` once connected, then again with a doubling delay while it stays down. A link that never
 * connects is said `failed` after `MEDIA_CONNECT_TIMEOUT_MS` (and restarted, in case a path appeared).
 * Every timer goes through `services/clock`, so tests drive it.
 *
 * @example
 * const recovery = watchIce({ connection: pc, restart: () => offerAgain(), onState: (s) => show(s) })
 * link.once('close', () => recovery.stop())
 */
export function watchIce(options: IceRecoveryOptions): IceRecovery {
  const { connection } = options
  let state: MediaPathState = 'connecting'
  let everConnected = false
  let restarts = 0
  let retryMs = ICE_RESTART_RETRY_MS
  let retryTimer: TimerId | undefined
  let stopped = false

  const say = (next: MediaPathState) => {
    if (stopped || next === state) return
    state = next
    options.onState(next)
  }
  // When the last restart started: one at a time. Both sides notice the same break within a moment, and
  // a second restart crossing the first would throw its candidates away just as they connect.
  let startedAt = Number.NEGATIVE_INFINITY
  // `force`: a retry, or new ICE servers that the connection must take now.
  const restart = (force = false) => {
    if (stopped || connection.signalingState === 'closed') return
    const now = clock.now()
    // A restart under way has its retry waiting: that retry, not a new start, follows it up.
    if (!force && retryTimer !== undefined && now - startedAt < ICE_RESTART_RETRY_MS) {
      options.restart('follow-up')
      return
    }
    startedAt = now
    restarts++
    options.restart('new')
    // Tried again while the path stays down, less often each time.
    clock.clearTimeout(retryTimer)
    retryTimer = clock.setTimeout(() => {
      retryTimer = undefined
      retryMs = Math.min(retryMs * 2, ICE_RESTART_RETRY_MAX_MS)
      if (!isUp()) restart(true)
    }, retryMs)
  }
  const settle = () => {
    retryMs = ICE_RESTART_RETRY_MS
    clock.clearTimeout(retryTimer)
    retryTimer = undefined
  }
  // The media watchdog: packets counted, when the count last grew, whether media ever flowed.
  let packets = 0
  let grewAt = clock.now()
  let stalled = false
  let checking = false
  const iceUp = () =>
    connection.iceConnectionState === 'connected' || connection.iceConnectionState === 'completed'
  const isUp = () => iceUp() && !stalled

  const connectTimer = clock.setTimeout(() => {
    if (everConnected || stopped) return
    say('failed')
    restart()
  }, MEDIA_CONNECT_TIMEOUT_MS)

  const onChange = () => {
    if (stopped) return
    const ice = connection.iceConnectionState
    if (iceUp() && !stalled) {
      everConnected = true
      settle()
      clock.clearTimeout(connectTimer)
      say('connected')
      return
    }
    if (ice === 'disconnected' || ice === 'failed') {
      if (everConnected) {
        say('reconnecting')
        restart()
      } else if (ice === 'failed') {
        say('failed')
        restart()
      }
    }
  }
  connection.addEventListener('iceconnectionstatechange', onChange)

  const readPackets = options.packetsReceived
  const checkFlow = async () => {
    if (stopped || checking || !readPackets || !iceUp()) return
    checking = true
    try {
      const count = await readPackets()
      if (stopped) return
      const now = clock.now()
      if (count > packets) {
        packets = count
        grewAt = now
        if (stalled) {
          stalled = false
          settle()
          say('connected')
        }
      } else if (packets > 0 && !stalled && now - grewAt >= MEDIA_STALL_MS) {
        stalled = true
        say('reconnecting')
        restart()
      }
    } catch {
      // A connection closed during the read: its close is handled elsewhere.
    } finally {
      checking = false
    }
  }
  const flowTimer = readPackets ? clock.setInterval(() => void checkFlow(), MEDIA_STALL_CHECK_MS) : undefined

  return {
    get state() {
      return state
    },
    get restarts() {
      return restarts
    },
    restartNow: () => restart(true),
    restartAsked() {
      if (stopped) return
      if (readPackets && everConnected && state === 'connected') {
        stalled = true
        say('reconnecting')
      }
      restart()
    },
    stop() {
      stopped = true
      clock.clearTimeout(retryTimer)
      clock.clearTimeout(connectTimer)
      clock.clearInterval(flowTimer)
      connection.removeEventListener('iceconnectionstatechange', onChange)
    },
  }
}
