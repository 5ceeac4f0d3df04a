import SimplePeer from 'simple-peer'
import type { Peer, SignalChannel, SignalIn } from '../../src/protocol'
import type { CustomerSocket } from './connection'

/** What the mesh tells the page. */
export interface MeshEvents {
  /** A remote camera and microphone arrived from a peer. */
  onStream(peerId: string, stream: MediaStream): void
  /** A peer's media is gone. */
  onStreamEnd(peerId: string): void
  /** A data channel (`files`, `capture`) is open with a peer. */
  onData(peerId: string, channel: Exclude<SignalChannel, 'media'>, peer: SimplePeer.Instance): void
}

/**
 * The peer connections of this page: one simple-peer per (peer, channel), signalled through the
 * server's relay. The page initiates media towards the peers it found on arrival; everybody else
 * initiates towards it (the newcomer rule of the protocol), and data channels are opened by the agent.
 */
export class PeerMesh {
  readonly #peers = new Map<string, SimplePeer.Instance>()

  constructor(
    private readonly socket: CustomerSocket,
    private readonly local: MediaStream | null,
    private readonly events: MeshEvents,
  ) {
    socket.on('signal', (signal) => this.#onSignal(signal))
    socket.on('peer:leave', ({ peerId }) => this.drop(peerId))
    socket.on('peer:join', ({ peer }) => this.drop(peer.id))
  }

  /** Opens media connections to peers already present (this page is the newcomer). */
  connectTo(peers: Peer[]): void {
    for (const peer of peers) if (peer.role !== 'customer') this.#create(peer.id, 'media', true)
  }

  /** Closes every connection to a peer. */
  drop(peerId: string): void {
    for (const [key, peer] of this.#peers)
      if (key.startsWith(`${peerId}|`)) {
        this.#peers.delete(key)
        peer.destroy()
      }
    this.events.onStreamEnd(peerId)
  }

  /** Closes everything. */
  close(): void {
    for (const peer of this.#peers.values()) peer.destroy()
    this.#peers.clear()
  }

  #onSignal({ from, channel, data }: SignalIn): void {
    const peer = this.#peers.get(`${from}|${channel}`) ?? this.#create(from, channel, false)
    peer.signal(data as unknown as SimplePeer.SignalData)
  }

  #create(peerId: string, channel: SignalChannel, initiator: boolean): SimplePeer.Instance {
    const media = channel === 'media'
    const peer = new SimplePeer({
      initiator,
      trickle: true,
      ...(media && this.local ? { stream: this.local } : {}),
      channelName: channel,
    })
    const key = `${peerId}|${channel}`
    this.#peers.set(key, peer)
    peer.on('signal', (data) =>
      this.socket.emit('signal', { to: peerId, channel, data: data as unknown as Record<string, unknown> }),
    )
    if (media) peer.on('stream', (stream: MediaStream) => this.events.onStream(peerId, stream))
    else peer.on('connect', () => this.events.onData(peerId, channel, peer))
    const forget = () => {
      if (this.#peers.get(key) === peer) this.#peers.delete(key)
      if (media) this.events.onStreamEnd(peerId)
    }
    peer.on('close', forget)
    peer.on('error', forget)
    return peer
  }
}
