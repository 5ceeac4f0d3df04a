import * as v from 'valibot'
import { atom } from 'nanostores'
import { BEAMPORT_CONNECT_DELAY_MS, BEAMPORT_MAX_RETRIES } from '../../constants'
import type { Beamport, SignalIn } from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { isNotSent } from '../../services/socket'
import { importWithRetries } from '../../services/chunk-import'
import type { MediaPathState, PeerLink, PeerLinkOptions } from '../../services/peer'
import type { FileExchange, ExchangeEvents } from '../../services/transfer/file-exchange'
import { realtime } from '../session/connection'
import { sendSignal } from './send-signal'
import { notify } from '../app/toasts'
import { showCallView } from './call-views'
import { $participants } from './call-media'
import { onCallCleanup } from './call-scope'
import { prepareIce, trackIceLink } from './ice-config'

/** A beamport channel: files or capture. */
export type BeamportChannel = Beamport['channel']

/**
 * Where a channel stands: `closed` (the view offers to connect), `requested` (asked the server),
 * `waiting` (created: connecting, or reconnecting after a drop), `open` (a peer is connected),
 * `unreachable` (still trying, but no network path to the customer was found in time).
 */
export interface BeamportStatus {
  phase: 'closed' | 'requested' | 'waiting' | 'open' | 'unreachable'
  /** Peers connected on it. */
  peers: string[]
}

const CLOSED: BeamportStatus = { phase: 'closed', peers: [] }
const INITIAL: Record<BeamportChannel, BeamportStatus> = { files: CLOSED, capture: CLOSED }

/** Both channels of the call. */
export const $beamports = atom<Record<BeamportChannel, BeamportStatus>>(INITIAL)

interface Link {
  link: PeerLink
  failures: number
  /** Stops handing it renewed ICE servers. */
  forgetIce: () => void
  /** Where its network path stands. */
  path: MediaPathState
}

const wanted = new Set<BeamportChannel>()
const links = new Map<string, Link>()
const exchanges = new Map<string, FileExchange>()
const timers = new Map<string, TimerId>()
const handlers = new Map<BeamportChannel, (peerId: string) => ExchangeEvents>()
let session = 0
let stopSocket: (() => void) | null = null

const key = (channel: BeamportChannel, peerId: string) => `${channel}|${peerId}`

function publish(channel: BeamportChannel, phase?: BeamportStatus['phase']): void {
  const peers = [...links.entries()]
    .filter(([k, entry]) => k.startsWith(`${channel}|`) && entry.link.connected)
    .map(([k]) => k.slice(channel.length + 1))
  const current = $beamports.get()[channel]
  const unreachable = [...links.entries()].some(
    ([k, entry]) => k.startsWith(`${channel}|`) && entry.path === 'failed',
  )
  const next: BeamportStatus = {
    phase:
      peers.length > 0
        ? 'open'
        : (phase ?? (wanted.has(channel) ? (unreachable ? 'unreachable' : 'waiting') : current.phase)),
    peers,
  }
  $beamports.set({ ...$beamports.get(), [channel]: next })
}

/** What the stores do with the files of each channel: called once per peer for the exchange with it. */
export type BeamportHandlers = Record<BeamportChannel, (peerId: string) => ExchangeEvents>

/** The exchange with a peer on a channel (made on first use, kept until the call ends). */
export function beamportExchange(channel: BeamportChannel, peerId: string): FileExchange {
  const k = key(channel, peerId)
  let exchange = exchanges.get(k)
  if (!exchange) {
    const events = handlers.get(channel)?.(peerId)
    if (!events) throw new Error(`nothing handles the ${channel} channel`)
    // Loaded by connect() before any peer exists on a channel, and an exchange is only asked of a peer.
    if (!Exchange) throw new Error('the file exchange is used before a beamport connected')
    exchange = new Exchange(events)
    exchanges.set(k, exchange)
  }
  return exchange
}

/** The peers a channel is connected to now. */
export function beamportPeers(channel: BeamportChannel): string[] {
  return $beamports.get()[channel].peers
}

// simple-peer loads with the first call (call-media loads it too: one chunk).
let createPeerLink: ((options: PeerLinkOptions) => PeerLink) | null = null
// The file exchange (framing, resume, sinks) loads with the first beamport, not with the console.
let Exchange: typeof FileExchange | null = null
const loadPeer = async () => {
  createPeerLink ??= (await importWithRetries(() => import('../../services/peer'))).createPeerLink
  Exchange ??= (await importWithRetries(() => import('../../services/transfer/file-exchange'))).FileExchange
  return createPeerLink
}

function drop(channel: BeamportChannel, peerId: string): void {
  const k = key(channel, peerId)
  clock.clearTimeout(timers.get(k))
  timers.delete(k)
  links.get(k)?.forgetIce()
  links.get(k)?.link.destroy()
  links.delete(k)
  exchanges.get(k)?.detach()
}

/** The peers a beamport connects to: the customer (or meeting guests), never other agents. */
const customers = () => $participants.get().filter((participant) => participant.role === 'customer')

async function connect(channel: BeamportChannel, peerId: string, failures: number): Promise<void> {
  const mine = session
  let make: Awaited<ReturnType<typeof loadPeer>>
  let ice: Awaited<ReturnType<typeof prepareIce>>
  try {
    // The call's ICE servers (asked once, shared with the media): a relayed call relays its files too.
    ;[make, ice] = await Promise.all([loadPeer(), prepareIce()])
  } catch (error) {
    // Its chunks did not come: tried again as a dropped link is, then the view says the channel is lost.
    console.warn('[agent-console] the file channel could not be loaded', error)
    if (mine === session) retry(channel, peerId, failures + 1)
    return
  }
  if (mine !== session || !wanted.has(channel)) return
  const k = key(channel, peerId)
  links.get(k)?.forgetIce()
  links.get(k)?.link.destroy()
  const exchange = beamportExchange(channel, peerId)
  // The first frames can come before simple-peer says `connect` (it waits for stats): the exchange takes
  // the channel then, or its answer to the customer's offer would have no channel to go out on.
  let attached = false
  const attach = (dataChannel: RTCDataChannel | null) => {
    if (attached || !dataChannel || links.get(k) !== entry) return
    attached = true
    exchange.attach(dataChannel)
  }
  const link = make({
    initiator: true,
    stream: null,
    receiveMedia: false,
    channelName: channel,
    iceServers: ice.iceServers,
    iceTransportPolicy: ice.iceTransportPolicy,
    onPathState: (state) => {
      if (links.get(k) !== entry) return
      entry.path = state
      publish(channel)
    },
    onSignal: (data) => sendSignal(peerId, channel, data),
    onFrame: (frame, dataChannel) => {
      attach(dataChannel)
      exchange.receive(frame)
    },
    onConnect: () => {
      entry.failures = 0
      attach(entry.link.channel)
      publish(channel)
    },
    onError: (error) => console.warn('[agent-console] beamport failed', channel, peerId, error),
    onClose: () => {
      if (links.get(k) !== entry) return
      entry.forgetIce()
      links.delete(k)
      exchange.detach()
      publish(channel)
      retry(channel, peerId, entry.failures + 1)
    },
  })
  const entry: Link = { failures, link, forgetIce: trackIceLink(link), path: 'connecting' }
  links.set(k, entry)
  publish(channel)
}

/** A link that dropped while its peer is still here is made again, a few times, then the view says so. */
function retry(channel: BeamportChannel, peerId: string, failures: number): void {
  if (!wanted.has(channel) || !customers().some((peer) => peer.peerId === peerId)) return
  if (failures > BEAMPORT_MAX_RETRIES) {
    notify({ variant: 'warning', messageId: 'call.beamport.lost' })
    return
  }
  later(channel, peerId, failures)
}

function later(channel: BeamportChannel, peerId: string, failures: number): void {
  const k = key(channel, peerId)
  clock.clearTimeout(timers.get(k))
  timers.set(
    k,
    clock.setTimeout(() => {
      timers.delete(k)
      void connect(channel, peerId, failures)
    }, BEAMPORT_CONNECT_DELAY_MS),
  )
}

/**
 * `beamport:create`: the view switches to files (or capture), and 1 s later the channel connects to
 * every customer in the call (SPEC §4). A channel already up stays as it is.
 */
export function beamportCreated({ channel }: Beamport): void {
  showCallView(channel === 'files' ? 'fileshare' : 'capture')
  wanted.add(channel)
  for (const peer of customers()) if (!links.has(key(channel, peer.peerId))) later(channel, peer.peerId, 0)
  publish(channel)
}

/**
 * Asks the server for a channel (`beamport:open`); both sides then get `beamport:create`. Not sent for
 * want of a link, the agent reads to connect again once the connection is back.
 *
 * @example
 * await openBeamport('files')
 */
export async function openBeamport(channel: BeamportChannel): Promise<void> {
  if ($beamports.get()[channel].phase !== 'closed') return
  publish(channel, 'requested')
  try {
    await realtime().request('beamport:open', { channel }, v.null())
  } catch (error) {
    if ($beamports.get()[channel].phase === 'requested') publish(channel, 'closed')
    // With the link down the request never left: trying again only helps once the connection is back.
    if (isNotSent(error)) notify({ variant: 'warning', messageId: 'call.beamport.notSent' })
    else notify({ variant: 'danger', messageId: 'call.beamport.error' })
  }
}

function onSignal({ from, channel, data }: SignalIn): void {
  if (channel === 'media') return
  links.get(key(channel, from))?.link.signal(data)
}

/**
 * Starts the call's channels: listens for `beamport:create`, signals, peers coming and going; the
 * files of each channel go to its store's handlers.
 *
 * @example
 * startBeamports({ files: filesExchangeEvents, capture: captureExchangeEvents })
 */
export function startBeamports(events: BeamportHandlers): void {
  stopBeamports()
  session += 1
  handlers.set('files', events.files)
  handlers.set('capture', events.capture)
  const socket = realtime()
  const stops = [
    socket.on('beamport:create', beamportCreated),
    socket.on('signal', onSignal),
    socket.on('peer:leave', ({ peerId }) => {
      for (const channel of wanted) {
        drop(channel, peerId)
        publish(channel)
      }
    }),
    socket.on('peer:join', ({ peer }) => {
      // A customer coming (back): its old links are dead; what was received so far waits to resume.
      if (peer.role !== 'customer') return
      for (const channel of wanted) {
        drop(channel, peer.id)
        later(channel, peer.id, 0)
        publish(channel)
      }
    }),
  ]
  stopSocket = () => stops.forEach((stop) => stop())
}

/**
 * The agent came back after a reconnect: it is the newcomer, every link starts over; the exchanges stay,
 * so transfers resume where they stopped.
 */
export function reconnectBeamports(): void {
  for (const channel of wanted) {
    for (const k of [...links.keys()])
      if (k.startsWith(`${channel}|`)) drop(channel, k.slice(channel.length + 1))
    for (const peer of customers()) later(channel, peer.peerId, 0)
    publish(channel)
  }
}

/** Closes every channel and forgets every exchange (the call ended). */
export function stopBeamports(): void {
  session += 1
  stopSocket?.()
  stopSocket = null
  for (const timer of timers.values()) clock.clearTimeout(timer)
  timers.clear()
  for (const entry of links.values()) {
    entry.forgetIce()
    entry.link.destroy()
  }
  links.clear()
  for (const exchange of exchanges.values()) exchange.close()
  exchanges.clear()
  wanted.clear()
  $beamports.set(INITIAL)
}

onCallCleanup(stopBeamports)
