import SimplePeer from 'simple-peer'

/**
 * One WebRTC connection to one participant, over the server's signalling relay. The console only sees
 * this interface, so the peer-to-peer transport (simple-peer) can be swapped for an SFU client where
 * calls need one.
 */
export interface PeerLink {
  /** Hands a signal received from the other side (offer, answer, candidate) to the connection. */
  signal(data: Record<string, unknown>): void
  /** Sends bytes or text on the connection's data channel. */
  send(data: string | Uint8Array): void
  /** Closes the connection; no callback fires afterwards. */
  destroy(): void
  /** Whether the connection is up. */
  readonly connected: boolean
}

/** How to make a connection and what to tell its owner. */
export interface PeerLinkOptions {
  /** This side makes the offer (the newcomer does, SPEC relay rules). */
  initiator: boolean
  /** Camera and microphone to send; null to only receive. */
  stream: MediaStream | null
  /** Offer to receive media even when sending none. */
  receiveMedia?: boolean
  /** STUN/TURN servers; none by default (the console fetches nothing it was not configured with). */
  iceServers?: RTCIceServer[]
  /** A signal to relay to the other side. */
  onSignal(data: Record<string, unknown>): void
  /** The other side's media arrived. */
  onStream?(stream: MediaStream): void
  /** The connection is up. */
  onConnect?(): void
  /** Bytes or text arrived on the data channel. */
  onData?(data: Uint8Array): void
  /** The connection closed or failed (after onError). */
  onClose(): void
  /** The connection failed. */
  onError?(error: Error): void
}

/**
 * Makes a connection with simple-peer. Trickle ICE is on, so signals flow as they come.
 *
 * @example
 * const link = createPeerLink({ initiator: true, stream, onSignal: (data) => relay(data), onClose })
 * socket.on('signal', ({ data }) => link.signal(data))
 */
export function createPeerLink(options: PeerLinkOptions): PeerLink {
  const receive = options.receiveMedia ?? true
  const peer = new SimplePeer({
    initiator: options.initiator,
    trickle: true,
    config: { iceServers: options.iceServers ?? [] },
    ...(options.stream ? { stream: options.stream } : {}),
    offerOptions: { offerToReceiveAudio: receive, offerToReceiveVideo: receive },
  })
  let destroyed = false
  peer.on('signal', (data) => {
    if (!destroyed) options.onSignal(data as unknown as Record<string, unknown>)
  })
  peer.on('stream', (stream: MediaStream) => {
    if (!destroyed) options.onStream?.(stream)
  })
  peer.on('connect', () => {
    if (!destroyed) options.onConnect?.()
  })
  peer.on('data', (data: Uint8Array) => {
    if (!destroyed) options.onData?.(data)
  })
  peer.on('error', (error: Error) => {
    if (!destroyed) options.onError?.(error)
  })
  peer.on('close', () => {
    if (destroyed) return
    destroyed = true
    options.onClose()
  })
  return {
    signal: (data) => {
      if (!destroyed) peer.signal(data as unknown as SimplePeer.SignalData)
    },
    send: (data) => {
      if (!destroyed && peer.connected) peer.send(data)
    },
    destroy: () => {
      if (destroyed) return
      destroyed = true
      peer.destroy()
    },
    get connected() {
      return peer.connected
    },
  }
}
