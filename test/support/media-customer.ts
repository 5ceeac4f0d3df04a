import SimplePeer from 'simple-peer'
import type { FakeSocket } from './fake-socket'

/**
 * The customer's page in a browser test, for the call's media: a real simple-peer that answers the
 * console's offers on the `media` channel, signalled through the fake socket, sending the fake camera.
 * While `refuse` is true it hears nothing (a network with no path between the two sides).
 */
export class MediaCustomer {
  /** While true, the console's signals are dropped. */
  refuse = false
  /** The console's media arrived here. */
  received: MediaStream | null = null
  #peer: SimplePeer.Instance | null = null
  #camera: MediaStream | null = null
  readonly #stop: () => void

  constructor(
    private readonly socket: FakeSocket,
    readonly peerId = 'customer:cccccccccccccccccccccccc',
  ) {
    this.#stop = socket.watchSent((event, payload) => {
      if (event !== 'signal') return
      const { to, channel, data } = payload as { to: string; channel: string; data: SimplePeer.SignalData }
      if (to !== this.peerId || channel !== 'media' || this.refuse) return
      void this.#signal(data)
    })
  }

  /** Opens the fake camera first, so the answer carries it. */
  async ready(): Promise<void> {
    this.#camera ??= await navigator.mediaDevices.getUserMedia({ video: true, audio: false })
  }

  async #signal(data: SimplePeer.SignalData): Promise<void> {
    await this.ready()
    // One connection for the call: a later offer (an ICE restart) renegotiates it.
    this.#peer ??= this.#answerer()
    this.#peer.signal(data)
  }

  #answerer(): SimplePeer.Instance {
    const peer = new SimplePeer({ initiator: false, trickle: true, stream: this.#camera! })
    peer.on('signal', (signal) => {
      if (!this.refuse)
        this.socket.serverEmit('signal', { from: this.peerId, channel: 'media', data: signal })
    })
    peer.on('stream', (stream: MediaStream) => {
      this.received = stream
    })
    peer.on('error', () => undefined)
    return peer
  }

  /** Ends everything. */
  close(): void {
    this.#stop()
    this.#peer?.destroy()
    this.#peer = null
    for (const track of this.#camera?.getTracks() ?? []) track.stop()
  }
}
