import SimplePeer from 'simple-peer'
import type { Peer, SignalChannel, SignalIn } from '../../src/protocol'
import { dataChannelOf, routeFrames } from '../../src/services/peer'
import type { CustomerSocket } from './connection'

/** A beamport channel. */
export type DataChannelName = Exclude<SignalChannel, 'media'>

/** What the mesh tells the page. */
export interface MeshEvents {
  /** A remote camera and microphone arrived from a peer. */
  onStream(peerId: string, stream: MediaStream): void
  /** A peer's media is gone. */
  onStreamEnd(peerId: string): void
  /** A data channel (`files`, `capture`) is open with a peer. */
  onChannelOpen(peerId: string, channel: DataChannelName, dataChannel: RTCDataChannel): void
  /** That data channel closed. */
  onChannelClose(peerId: string, channel: DataChannelName): void
  /** A frame arrived on a data channel (text: a control message; binary: file bytes). */
  onFrame(peerId: string, channel: DataChannelName, frame: string | ArrayBuffer): void
}

/**
 * The peer connections of this page: one simple-peer per (peer, channel), signalled through the
 * server's relay. The page initiates media towards the peers it found on arrival; everybody else
 * initiates towards it (the newcomer rule of the protocol), and data channels are opened by the agent.
 * An offer on a connection this page did not open means the other side started over: the old one goes.
 */
export class PeerMesh {
  readonly #peers = new Map<string, { peer: SimplePeer.Instance; initiator: boolean }>()

  constructor(
    private readonly socket: CustomerSocket,
    private readonly local: MediaStream | null,
    private readonly events: MeshEvents,
  ) {
    socket.on('signal', (signal) => this.#onSignal(signal))
    socket.on('peer:leave', ({ peerId }) => this.drop(peerId))
    socket.on('peer:join', ({ peer }) => this.drop(peer.id))
  }

  /**
   * Opens media connections to peers already present (this page is the newcomer): the agents, and in a
   * meeting the guests admitted before, so that they see and hear each other.
   */
  connectTo(peers: Peer[], self: string): void {
    for (const peer of peers) if (peer.id !== self) this.#create(peer.id, 'media', true)
  }

  /** Closes every connection to a peer. */
  drop(peerId: string): void {
    for (const key of [...this.#peers.keys()]) if (key.startsWith(`${peerId}|`)) this.#destroy(key)
    this.events.onStreamEnd(peerId)
  }

  /** Closes everything. */
  close(): void {
    for (const key of [...this.#peers.keys()]) this.#destroy(key)
  }

  #destroy(key: string): void {
    const entry = this.#peers.get(key)
    if (!entry) return
    this.#peers.delete(key)
    entry.peer.destroy()
    const [peerId, channel] = key.split('|') as [string, SignalChannel]
    if (channel !== 'media') this.events.onChannelClose(peerId, channel)
  }

  #onSignal({ from, channel, data }: SignalIn): void {
    const key = `${from}|${channel}`
    const existing = this.#peers.get(key)
    if (existing && data.type === 'offer' && !existing.initiator) this.#destroy(key)
    const peer = this.#peers.get(key)?.peer ?? this.#create(from, channel, false)
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
    this.#peers.get(key)?.peer.destroy()
    this.#peers.set(key, { peer, initiator })
    peer.on('signal', (data) =>
      this.socket.emit('signal', { to: peerId, channel, data: data as unknown as Record<string, unknown> }),
    )
    if (media) peer.on('stream', (stream: MediaStream) => this.events.onStream(peerId, stream))
    else {
      // Frames can come before simple-peer says `connect` (it waits for stats): the channel counts as
      // open from the first of them, so an answer to the agent has a channel to go out on.
      let announced = false
      const announce = () => {
        const dataChannel = dataChannelOf(peer)
        if (announced || !dataChannel || this.#peers.get(key)?.peer !== peer) return
        announced = true
        this.events.onChannelOpen(peerId, channel, dataChannel)
      }
      routeFrames(peer, initiator, (frame) => {
        announce()
        this.events.onFrame(peerId, channel, frame)
      })
      peer.on('connect', announce)
    }
    const forget = () => {
      if (this.#peers.get(key)?.peer !== peer) return
      this.#peers.delete(key)
      if (media) this.events.onStreamEnd(peerId)
      else this.events.onChannelClose(peerId, channel)
    }
    peer.on('close', forget)
    peer.on('error', forget)
    return peer
  }
}
