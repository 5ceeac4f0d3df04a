import SimplePeer from 'simple-peer'
import { dataChannelOf, routeFrames } from '../../src/services/peer'
import { FileExchange } from '../../src/services/transfer/file-exchange'
import type { FrameChannel } from '../../src/services/transfer/channel'
import type { FakeSocket } from './fake-socket'

type Channel = 'files' | 'capture'

/**
 * The customer's page in a browser test: a real simple-peer for each beamport channel the console
 * opens towards `peerId`, signalled through the fake socket, with a real file exchange on it. What it
 * received, sent and saw fail is recorded. `tamper` changes binary frames it sends (to damage a file).
 */
export class BeamCustomer {
  readonly received = new Map<string, Blob>()
  readonly names = new Map<string, string>()
  readonly sent: string[] = []
  readonly failed: { id: string; reason: string }[] = []
  readonly offers: string[] = []
  tamper: (frame: ArrayBufferView<ArrayBuffer>) => ArrayBufferView<ArrayBuffer> = (frame) => frame
  /** While true, offers from the console are ignored (the customer's network is down). */
  refuse = false
  /** While set, bytes this side sends (and what follows them) wait here: the file stays `receiving`. */
  #held: { send: () => void; bytes: number; text: boolean }[] | null = null
  /** While holding, whether control messages wait too (an answer to the console's offer never comes). */
  #holdText = false
  readonly #lowListeners = new Set<() => void>()
  readonly #peers = new Map<Channel, SimplePeer.Instance>()
  readonly #exchanges = new Map<Channel, FileExchange>()
  readonly #stop: () => void

  constructor(
    private readonly socket: FakeSocket,
    readonly peerId = 'customer:bbbbbbbbbbbbbbbbbbbbbbbb',
  ) {
    this.#stop = socket.watchSent((event, payload) => {
      if (event !== 'signal') return
      const { to, channel, data } = payload as { to: string; channel: string; data: SimplePeer.SignalData }
      if (to !== this.peerId || channel === 'media' || this.refuse) return
      this.#peer(channel as Channel, data).signal(data)
    })
  }

  /** The exchange of a channel (made on first use). */
  exchange(channel: Channel): FileExchange {
    let exchange = this.#exchanges.get(channel)
    if (!exchange) {
      exchange = new FileExchange({
        incoming: (offer) => {
          this.names.set(offer.id, offer.name)
          this.offers.push(offer.id)
        },
        progress: () => undefined,
        received: (id, stored) => this.received.set(id, stored.blob),
        sent: (id) => this.sent.push(id),
        failed: (id, reason) => this.failed.push({ id, reason }),
      })
      this.#exchanges.set(channel, exchange)
    }
    return exchange
  }

  /** Whether a channel is connected. */
  connected(channel: Channel): boolean {
    return this.exchange(channel).attached
  }

  #peer(channel: Channel, data: SimplePeer.SignalData): SimplePeer.Instance {
    const existing = this.#peers.get(channel)
    if (existing && data.type !== 'offer') return existing
    existing?.destroy()
    const peer = new SimplePeer({ initiator: false, trickle: true })
    this.#peers.set(channel, peer)
    const exchange = this.exchange(channel)
    peer.on('signal', (signal) =>
      this.socket.serverEmit('signal', { from: this.peerId, channel, data: signal }),
    )
    routeFrames(peer, false, (frame) => exchange.receive(frame))
    peer.on('connect', () => {
      const real = dataChannelOf(peer)
      if (real) exchange.attach(this.#tampered(real))
    })
    peer.on('close', () => exchange.detach())
    peer.on('error', () => exchange.detach())
    return peer
  }

  #tampered(real: RTCDataChannel): FrameChannel {
    const tamper = () => this.tamper
    const send = (data: string | ArrayBuffer | ArrayBufferView<ArrayBuffer>) => {
      // Text waits too once bytes wait: the order of the channel is kept.
      if (typeof data === 'string' || data instanceof ArrayBuffer) {
        if (this.#held && (this.#held.length > 0 || this.#holdText))
          this.#held.push({ send: () => real.send(data as never), bytes: 0, text: true })
        else real.send(data as never)
        return
      }
      // A copy: the sender reuses nothing, but a held frame must not change under us.
      const frame = tamper()(
        new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
      )
      if (this.#held) this.#held.push({ send: () => real.send(frame), bytes: frame.byteLength, text: false })
      else real.send(frame)
    }
    // Held bytes count as queued: the sender's back-pressure waits for them, as on a slow link.
    const held = () => (this.#held ?? []).reduce((sum, item) => sum + item.bytes, 0)
    return {
      send,
      get bufferedAmount() {
        return real.bufferedAmount + held()
      },
      get bufferedAmountLowThreshold() {
        return real.bufferedAmountLowThreshold
      },
      set bufferedAmountLowThreshold(value: number) {
        real.bufferedAmountLowThreshold = value
      },
      addEventListener: (type, listener) => {
        this.#lowListeners.add(listener)
        real.addEventListener(type, listener)
      },
      removeEventListener: (type, listener) => {
        this.#lowListeners.delete(listener)
        real.removeEventListener(type, listener)
      },
    }
  }

  /**
   * Holds the bytes this side sends (the control messages still go, unless `text`: then its answers to
   * the console wait too, as on a link that carries nothing).
   */
  hold(options: { text?: boolean } = {}): void {
    this.#held ??= []
    this.#holdText = options.text ?? false
  }

  /** Binary frames held now. */
  get heldFrames(): number {
    return (this.#held ?? []).filter((item) => !item.text).length
  }

  /**
   * Lets the first `frames` held binary frames (and the control messages queued before them) go, and
   * keeps holding the rest: a slow link, whose queue never drains.
   */
  releaseSome(frames: number): void {
    const held = this.#held ?? []
    let sent = 0
    while (held.length > 0 && (held[0]?.text || sent < frames)) {
      const item = held.shift() as { send: () => void; text: boolean }
      if (!item.text) sent += 1
      item.send()
    }
  }

  /** Sends the held bytes, and stops holding. */
  release(): void {
    const held = this.#held ?? []
    this.#held = null
    this.#holdText = false
    for (const item of held) item.send()
    for (const listener of [...this.#lowListeners]) listener()
  }

  /** Stops holding, as if the held bytes had been lost in a cut: only the control messages go. */
  dropHeldBytes(): void {
    const held = this.#held ?? []
    this.#held = null
    this.#holdText = false
    for (const item of held) if (item.text) item.send()
    for (const listener of [...this.#lowListeners]) listener()
  }

  /** Drops every connection (the network went away on the customer's side). */
  cut(): void {
    for (const peer of this.#peers.values()) peer.destroy()
    this.#peers.clear()
    for (const exchange of this.#exchanges.values()) exchange.detach()
  }

  /** Ends everything. */
  close(): void {
    this.#stop()
    this.cut()
    for (const exchange of this.#exchanges.values()) exchange.close()
  }
}
