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
  /** The connection's data channel once it is up (file transfers use it directly, for speed). */
  readonly channel: RTCDataChannel | null
  /**
   * Sends another video track in place of the one sent now (the virtual background on or off), without
   * renegotiating. Does nothing when the connection sends no video.
   */
  replaceVideoTrack(track: MediaStreamTrack): void
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
  /** Label of the data channel (the initiator names it). */
  channelName?: string
  /**
   * Takes the data channel's frames directly, text as strings and binary as ArrayBuffers, instead of
   * `onData` (simple-peer's stream turns both into bytes and buffers them).
   */
  onFrame?(frame: string | ArrayBuffer, channel: RTCDataChannel): void
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
    ...(options.channelName ? { channelName: options.channelName } : {}),
  })
  let destroyed = false
  // simple-peer finds a sender by the track first added and the stream it came in.
  let sentVideo = options.stream?.getVideoTracks()[0] ?? null
  peer.on('signal', (data) => {
    if (!destroyed) options.onSignal(data as unknown as Record<string, unknown>)
  })
  peer.on('stream', (stream: MediaStream) => {
    if (!destroyed) options.onStream?.(stream)
  })
  const onFrame = options.onFrame
  const stopFrames = onFrame
    ? routeFrames(peer, options.initiator, (frame, channel) => !destroyed && onFrame(frame, channel))
    : () => undefined
  // simple-peer closes its RTCPeerConnection but leaves `onconnectionstatechange` on it, and Chrome may keep a
  // closed connection a while: cleared here, a closed call holds no listener and none of simple-peer's state.
  const connection = peerConnectionOf(peer)
  peer.once('close', () => {
    if (connection) connection.onconnectionstatechange = null
    stopFrames()
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
    get channel() {
      return peer.connected ? dataChannelOf(peer) : null
    },
    replaceVideoTrack: (track) => {
      if (destroyed || !sentVideo || !options.stream || track === sentVideo) return
      try {
        peer.replaceTrack(sentVideo, track, options.stream)
        sentVideo = track
      } catch (error) {
        options.onError?.(error as Error)
      }
    },
  }
}

/** simple-peer's RTCPeerConnection (it has no public accessor). */
function peerConnectionOf(peer: SimplePeer.Instance): RTCPeerConnection | null {
  return (peer as unknown as { _pc?: RTCPeerConnection | null })._pc ?? null
}

/** simple-peer's data channel (it has no public accessor). */
export function dataChannelOf(peer: SimplePeer.Instance): RTCDataChannel | null {
  return (peer as unknown as { _channel?: RTCDataChannel })._channel ?? null
}

/**
 * Routes the data channel's messages to `onFrame` (text as strings, binary as ArrayBuffers), past
 * simple-peer's stream, which would turn both into bytes and keep every one of them. Taken as soon as
 * the channel exists (the initiator's at once, the other side's on `datachannel`, before any message
 * can be dispatched), so no frame is missed. Returns what stops listening for the channel.
 *
 * @example
 * routeFrames(peer, false, (frame) => exchange.receive(frame))
 */
export function routeFrames(
  peer: SimplePeer.Instance,
  initiator: boolean,
  onFrame: (frame: string | ArrayBuffer, channel: RTCDataChannel) => void,
): () => void {
  const take = () => {
    const channel = dataChannelOf(peer)
    if (!channel) return
    channel.binaryType = 'arraybuffer'
    channel.onmessage = (event: MessageEvent<string | ArrayBuffer>) => onFrame(event.data, channel)
  }
  if (initiator) {
    take()
    return () => undefined
  }
  // simple-peer's own `ondatachannel` runs first (it was set before) and makes `_channel`.
  const pc = peerConnectionOf(peer)
  pc?.addEventListener('datachannel', take)
  return () => pc?.removeEventListener('datachannel', take)
}
