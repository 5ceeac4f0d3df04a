import { ICE_RENEW_AT_SHARE } from '../../constants'
import { IceConfigSchema, type IceConfig } from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import type { PeerIce, PeerLink } from '../../services/peer'
import { realtime } from '../session/connection'
import { onLogout } from '../session/logout'
import { $call } from './call-state'
import { onCallCleanup } from './call-scope'

/**
 * The ICE servers (STUN, TURN with short-lived credentials) and policy every connection of a call is made
 * with, asked of the server (`ice:servers`) before the first one. Kept until 75% of the credential's life,
 * renewed on a timer while a call or meeting lasts, and handed to every live connection when renewed, so a
 * call longer than one credential keeps its relay.
 */

/** How long a call waits for the servers before it goes on without them. */
export const ICE_REQUEST_TIMEOUT_MS = 5_000
/** The shortest wait before a renewal: a client clock far ahead of the server's must not ask in a loop. */
export const ICE_RENEW_MIN_MS = 15_000
/** After no answer or a refusal, the servers are asked again this long after (not before each connection). */
export const ICE_RETRY_MS = 30_000
/** Servers that never expire (STUN only) are asked again after this long: an account's policy may change. */
export const ICE_NO_EXPIRY_MS = 10 * 60_000

/** No servers: host candidates only, media within one network. What a call uses when the server gives none. */
export const NO_ICE: PeerIce = { iceServers: [], iceTransportPolicy: 'all' }

interface Known {
  ice: PeerIce
  /** Until when it is used without asking again (console clock). */
  freshUntil: number
}

let known: Known | null = null
let asking: Promise<PeerIce> | null = null
let renewTimer: TimerId | undefined
// Bumped when the session ends: an answer meant for the previous session is not kept.
let generation = 0
const live = new Set<PeerLink>()

/** The contract's servers as RTCPeerConnection takes them. */
function toPeerIce(config: IceConfig): PeerIce {
  return {
    iceTransportPolicy: config.iceTransportPolicy,
    iceServers: config.iceServers.map((server) => ({
      urls: [...server.urls],
      ...(server.username === undefined ? {} : { username: server.username }),
      ...(server.credential === undefined ? {} : { credential: server.credential }),
    })),
  }
}

/** When an answer gets old: 75% of what is left of its life, measured from now (the server's clock may differ). */
function freshUntilOf(config: IceConfig, now: number): number {
  if (config.expiresAt === null) return now + ICE_NO_EXPIRY_MS
  return now + Math.max(ICE_RENEW_MIN_MS, (config.expiresAt - now) * ICE_RENEW_AT_SHARE)
}

const same = (a: PeerIce, b: PeerIce) => JSON.stringify(a) === JSON.stringify(b)

/** Asks the server; without an answer the last servers known (or none) stay, and it is asked again later. */
async function ask(): Promise<{ ice: PeerIce; answered: boolean }> {
  const mine = generation
  try {
    const config = await realtime().request('ice:servers', {}, IceConfigSchema, ICE_REQUEST_TIMEOUT_MS)
    const ice = toPeerIce(config)
    if (mine === generation) known = { ice, freshUntil: freshUntilOf(config, clock.now()) }
    return { ice, answered: true }
  } catch (error) {
    // The call still goes on: within one network it needs no server.
    console.warn('[agent-console] no ICE servers from the server; media goes on without STUN or TURN', error)
    const ice = known?.ice ?? NO_ICE
    if (mine === generation) known = { ice, freshUntil: clock.now() + ICE_RETRY_MS }
    return { ice, answered: false }
  }
}

/** One question at a time: every connection made meanwhile waits for the same answer. */
function askOnce(): Promise<{ ice: PeerIce; answered: boolean }> {
  const question = ask().finally(() => {
    if (asking === shared) asking = null
  })
  const shared = question.then(({ ice }) => ice)
  asking = shared
  return question
}

/** Renews the servers while a call lasts and hands new ones to every live connection. */
function scheduleRenewal(): void {
  if (!$call.get() || !known || renewTimer !== undefined) return
  renewTimer = clock.setTimeout(
    () => {
      renewTimer = undefined
      void renew()
    },
    Math.max(0, known.freshUntil - clock.now()),
  )
}

async function renew(): Promise<void> {
  if (!$call.get()) return
  const before = known?.ice ?? NO_ICE
  const { ice, answered } = await askOnce()
  if (!$call.get()) return
  // New credentials (or servers at last, for a call that began without): the connections restart ICE with them.
  if (answered && !same(ice, before)) for (const link of live) link.setIce(ice)
  scheduleRenewal()
}

/**
 * The servers for the connections about to be made: those known while fresh, else asked of the server
 * (one question for every connection that waits). Never fails: without an answer a call goes on with
 * none. While a call or meeting is active, renewals run from here on.
 *
 * @example
 * const ice = await prepareIce()
 * createPeerLink({ ...options, iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy })
 */
export async function prepareIce(): Promise<PeerIce> {
  const ice =
    known && clock.now() < known.freshUntil ? known.ice : await (asking ?? askOnce().then(({ ice }) => ice))
  scheduleRenewal()
  return ice
}

/** The servers known now (none before the first answer), for a connection made after `prepareIce()`. */
export function currentIce(): PeerIce {
  return known?.ice ?? NO_ICE
}

/**
 * Counts a connection as live: a renewal hands it the new servers. Returns what forgets it (call it when
 * the connection closes).
 *
 * @example
 * const forget = trackIceLink(link)
 */
export function trackIceLink(link: PeerLink): () => void {
  live.add(link)
  return () => void live.delete(link)
}

/** No call or meeting any more: no renewal, no connection to renew; the servers stay known for the next call. */
export function stopIceRenewal(): void {
  clock.clearTimeout(renewTimer)
  renewTimer = undefined
  live.clear()
}

/** Forgets the servers (the session ended: the next agent's account may have others, and another policy). */
export function resetIce(): void {
  stopIceRenewal()
  generation += 1
  known = null
  asking = null
}

onCallCleanup(stopIceRenewal)
onLogout(resetIce)
