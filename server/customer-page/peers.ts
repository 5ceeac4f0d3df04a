import {
  isRestartOffer,
  type IceConfig,
  type Peer,
  type SignalChannel,
  type SignalIn,
  type SignalOut,
} from '../../src/protocol'
import { createPeerLink, type MediaPathState, type PeerIce, type PeerLink } from '../../src/services/peer'
import { candidatesOf } from './signal-candidates'

/** A beamport channel. */
export type DataChannelName = Exclude<SignalChannel, 'media'>

/** What the mesh tells the page. */
export interface MeshEvents {
  /** A remote camera and microphone arrived from a peer. */
  onStream(peerId: string, stream: MediaStream): void
  /** A peer's media is gone (its media connection closed, or the peer left). */
  onStreamEnd(peerId: string): void
  /** A data channel (`files`, `capture`) is open with a peer. */
  onChannelOpen(peerId: string, channel: DataChannelName, dataChannel: RTCDataChannel): void
  /** That data channel closed. */
  onChannelClose(peerId: string, channel: DataChannelName): void
  /** A frame arrived on a data channel (text: a control message; binary: file bytes). */
  onFrame(peerId: string, channel: DataChannelName, frame: string | ArrayBuffer): void
  /** The media path to a peer changed: `connecting` as its media connection starts, then as ICE goes. */
  onPathState?(peerId: string, state: MediaPathState): void
  /** ICE candidates of a peer arrived through the signalling (trickled, or in an offer's or answer's SDP). */
  onRemoteCandidates?(peerId: string, candidates: string[]): void
}

/** How the mesh is made: where its signals go, what it sends, what it tells. */
export interface MeshOptions {
  /** Sends a signal through the server's relay (`signal` on the page's socket). */
  send(signal: SignalOut): void
  /** Camera and microphone to send on media connections (null: receive only). */
  local: MediaStream | null
  events: MeshEvents
}

interface Entry {
  link: PeerLink
  initiator: boolean
}

/**
 * The peer connections of a page: one link (services/peer) per (peer, channel), signalled through the
 * server's relay. The page initiates media towards the peers present when it arrives; everybody else
 * initiates towards it (the newcomer rule of the protocol), and data channels are opened by the agent.
 * An offer on a connection this page did not open means the other side started over (the old one
 * goes), unless it is an ICE restart of that connection. Nothing connects before the ICE servers are
 * known (`setIce`): what comes earlier waits, in order. New ICE servers (renewed TURN credentials) go
 * to every live connection, which restarts ICE with them.
 *
 * @example
 * const mesh = new PeerMesh({ send: (s) => socket.emit('signal', s), local: stream, events })
 * socket.on('signal', (signal) => mesh.receive(signal))
 * mesh.setIce(await iceConfig())
 * mesh.connectTo(joined.peers, joined.peerId)
 */
export class PeerMesh {
  readonly #links = new Map<string, Entry>()
  #ice: IceConfig | null = null
  /** What waits for the ICE servers, with the peer it concerns (dropped with that peer). */
  #waiting: { peerId: string; run: () => void }[] = []

  constructor(private readonly options: MeshOptions) {}

  /** The ICE servers and policy of new connections; live ones are handed new ones (an ICE restart). */
  setIce(config: IceConfig): void {
    const first = this.#ice === null
    this.#ice = config
    if (first) {
      const waiting = this.#waiting
      this.#waiting = []
      for (const { run } of waiting) run()
      return
    }
    const ice = peerIce(config)
    for (const { link } of this.#links.values()) link.setIce(ice)
  }

  /**
   * Opens media connections to peers already present (this page is the newcomer): the agents, and in a
   * meeting the guests admitted before, so that they see and hear each other.
   */
  connectTo(peers: Peer[], self: string): void {
    for (const peer of peers)
      if (peer.id !== self) this.#whenReady(peer.id, () => this.#create(peer.id, 'media', true))
  }

  /** Opens a data channel to a peer unless one is open (the agent's side of a beamport). */
  open(peerId: string, channel: DataChannelName): void {
    this.#whenReady(peerId, () => {
      if (!this.#links.has(`${peerId}|${channel}`)) this.#create(peerId, channel, true)
    })
  }

  /** Takes a signal the relay brought. */
  receive(signal: SignalIn): void {
    const candidates = candidatesOf(signal.data)
    if (candidates.length) this.options.events.onRemoteCandidates?.(signal.from, candidates)
    this.#whenReady(signal.from, () => this.#onSignal(signal))
  }

  /** The media connections up or trying, by peer (for `getStats()`). */
  mediaConnections(): Map<string, RTCPeerConnection> {
    const found = new Map<string, RTCPeerConnection>()
    for (const [key, { link }] of this.#links) {
      const [peerId, channel] = key.split('|') as [string, SignalChannel]
      if (channel === 'media' && link.connection) found.set(peerId, link.connection)
    }
    return found
  }

  /** Closes every connection to a peer. */
  drop(peerId: string): void {
    this.#waiting = this.#waiting.filter((waiting) => waiting.peerId !== peerId)
    for (const key of [...this.#links.keys()]) if (key.startsWith(`${peerId}|`)) this.#destroy(key)
    this.options.events.onStreamEnd(peerId)
  }

  /** Closes everything. */
  close(): void {
    this.#waiting = []
    for (const key of [...this.#links.keys()]) this.#destroy(key)
  }

  #whenReady(peerId: string, run: () => void): void {
    if (this.#ice) run()
    else this.#waiting.push({ peerId, run })
  }

  #destroy(key: string): void {
    const entry = this.#links.get(key)
    if (!entry) return
    this.#links.delete(key)
    entry.link.destroy()
    const [peerId, channel] = key.split('|') as [string, SignalChannel]
    if (channel !== 'media') this.options.events.onChannelClose(peerId, channel)
  }

  #onSignal({ from, channel, data }: SignalIn): void {
    const key = `${from}|${channel}`
    const existing = this.#links.get(key)
    if (existing && data.type === 'offer' && !existing.initiator && !isRestartOffer(data)) this.#destroy(key)
    const link = this.#links.get(key)?.link ?? this.#create(from, channel, false)
    link.signal(data)
  }

  #create(peerId: string, channel: SignalChannel, initiator: boolean): PeerLink {
    const { events, local, send } = this.options
    const media = channel === 'media'
    const key = `${peerId}|${channel}`
    const ice = peerIce(this.#ice ?? { iceServers: [], iceTransportPolicy: 'all', expiresAt: null })
    const current = () => this.#links.get(key)?.link === link
    // Frames can come before the link says it is connected: the channel counts as open from the first
    // of them, so an answer to the agent has a channel to go out on.
    let announced = false
    const announce = (dataChannel: RTCDataChannel | null) => {
      if (announced || !dataChannel || !current() || media) return
      announced = true
      events.onChannelOpen(peerId, channel, dataChannel)
    }
    const forget = () => {
      if (!current()) return
      this.#links.delete(key)
      if (media) events.onStreamEnd(peerId)
      else events.onChannelClose(peerId, channel)
    }
    this.#links.get(key)?.link.destroy()
    const link: PeerLink = createPeerLink({
      initiator,
      stream: media ? local : null,
      receiveMedia: media,
      channelName: channel,
      ...ice,
      onSignal: (data) => send({ to: peerId, channel, data }),
      ...(media
        ? {
            onStream: (stream: MediaStream) => events.onStream(peerId, stream),
            onPathState: (state: MediaPathState) => events.onPathState?.(peerId, state),
          }
        : {
            onFrame: (frame: string | ArrayBuffer, dataChannel: RTCDataChannel) => {
              announce(dataChannel)
              events.onFrame(peerId, channel, frame)
            },
            onConnect: () => announce(link.channel),
          }),
      onClose: forget,
    })
    this.#links.set(key, { link, initiator })
    if (media) events.onPathState?.(peerId, 'connecting')
    return link
  }
}

/** What a link takes of a config (RTCIceServer has no field set to undefined). */
function peerIce(config: IceConfig): PeerIce {
  const iceServers = config.iceServers.map(({ urls, username, credential }) => ({
    urls,
    ...(username === undefined ? {} : { username }),
    ...(credential === undefined ? {} : { credential }),
  }))
  return { iceServers, iceTransportPolicy: config.iceTransportPolicy }
}
