import SimplePeer from 'simple-peer'
import { ICE_RESTART_ANSWER_WAIT_MS, ICE_RESTART_RESEND_MS } from '../constants'
import { isRestartRequest } from '../protocol'
import { clock } from './clock'
import { watchIce, type MediaPathState, type RestartKind } from './ice-recovery'
import { sendKeyFrames } from './key-frame'

export type { MediaPathState } from './ice-recovery'

/** ICE servers and which candidates a connection may use (`relay`: only through TURN, no address learnt). */
export interface PeerIce {
  iceServers: RTCIceServer[]
  iceTransportPolicy: RTCIceTransportPolicy
}

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
  /**
   * Hands the connection new ICE servers (renewed TURN credentials) and restarts ICE, so the relay in use
   * is replaced by one allocated with them before the old credential expires.
   */
  setIce(ice: PeerIce): void
  /** Restarts ICE now (new candidates, same call). */
  restartIce(): void
  /** ICE restarts this side started. */
  readonly restarts: number
  /** The RTCPeerConnection underneath (for `getStats()`), null once closed. */
  readonly connection: RTCPeerConnection | null
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
  /** `relay`: only TURN candidates are gathered and signalled, so neither side learns the other's address. */
  iceTransportPolicy?: RTCIceTransportPolicy
  /** The media path's state changed (connecting, connected, reconnecting, failed). */
  onPathState?(state: MediaPathState): void
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
  const policy = options.iceTransportPolicy ?? 'all'
  const peer = new SimplePeer({
    initiator: options.initiator,
    trickle: true,
    config: { iceServers: options.iceServers ?? [], iceTransportPolicy: policy },
    ...(options.stream ? { stream: options.stream } : {}),
    offerOptions: { offerToReceiveAudio: receive, offerToReceiveVideo: receive },
    ...(options.channelName ? { channelName: options.channelName } : {}),
  })
  let destroyed = false
  let relayOnly = policy === 'relay'
  // Offers after the first restart ICE on this connection: marked so the other side answers them here.
  let offers = 0
  // When this offerer last started an ICE restart: one restart at a time (both sides notice a broken path).
  const offering = { restartAt: Number.NEGATIVE_INFINITY }
  // simple-peer finds a sender by the track first added and the stream it came in.
  let sentVideo = options.stream?.getVideoTracks()[0] ?? null
  peer.on('signal', (data) => {
    if (destroyed) return
    const signal = data as unknown as Record<string, unknown>
    // Relay-only: a host or server-reflexive candidate would tell the other side this one's address.
    if (relayOnly && !isRelayCandidate(signal)) return
    if (signal.type === 'offer' && offers++ > 0) signal.iceRestart = true
    options.onSignal(signal)
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
  keepThroughFailure(peer)
  let pathState: MediaPathState = 'connecting'
  const recovery = connection
    ? watchIce({
        connection,
        restart: (kind) => restartFromHere(peer, options.initiator, options.onSignal, offering, kind),
        onState: (state) => {
          if (destroyed) return
          // Back after a break: a key frame now, rather than when the other side's request timer next fires.
          if (state === 'connected' && pathState === 'reconnecting') void sendKeyFrames(connection)
          pathState = state
          options.onPathState?.(state)
        },
        // Only a media connection has packets that always flow; a data channel may rest for minutes.
        ...(receive || options.stream ? { packetsReceived: () => mediaPacketsOf(connection) } : {}),
      })
    : null
  peer.once('close', () => {
    if (connection) connection.onconnectionstatechange = null
    recovery?.stop()
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
      if (destroyed) return
      // The other side asks this offerer to restart ICE: a new offer, not simple-peer's plain renegotiation.
      if (isRestartRequest(data)) {
        if (options.initiator) recovery?.restartAsked()
        return
      }
      // An answer with no offer waiting (to an offer a later one replaced) would make simple-peer close the link.
      if (data.type === 'answer' && connection?.signalingState === 'stable') return
      peer.signal(data as unknown as SimplePeer.SignalData)
    },
    send: (data) => {
      if (!destroyed && peer.connected) peer.send(data)
    },
    destroy: () => {
      if (destroyed) return
      destroyed = true
      recovery?.stop()
      peer.destroy()
    },
    get connected() {
      return peer.connected
    },
    get channel() {
      return peer.connected ? dataChannelOf(peer) : null
    },
    get restarts() {
      return recovery?.restarts ?? 0
    },
    get connection() {
      return destroyed ? null : connection
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
    setIce: (ice) => {
      if (destroyed || !connection) return
      try {
        connection.setConfiguration({ ...connection.getConfiguration(), ...ice })
        relayOnly = ice.iceTransportPolicy === 'relay'
      } catch (error) {
        // A browser that refuses the change keeps the servers it has; the restart still renews the path.
        console.warn('[agent-console] new ICE servers refused', error)
      }
      // The offerer restarts with them; its restart renews this side's candidates too. The other side only takes
      // the servers for the next restart: two restarts at once would interrupt the media they mean to keep.
      if (options.initiator) recovery?.restartNow()
    },
    restartIce: () => {
      if (!destroyed) recovery?.restartNow()
    },
  }
}

/**
 * Starts an ICE restart from this side. The offerer marks its next offer as an ICE restart and makes it
 * at once, even while an earlier offer waits for its answer (an answer lost with a dropped socket would
 * otherwise hold every later negotiation back), unless its own restart offer went out less than
 * `ICE_RESTART_ANSWER_WAIT_MS` ago: that one is under way (the other side noticed the same break and asked),
 * and is sent again as it is. A follow-up of a restart already answered does nothing: the request crossed
 * the offer. The answerer asks the offerer.
 */
function restartFromHere(
  peer: SimplePeer.Instance,
  initiator: boolean,
  send: (data: Record<string, unknown>) => void,
  offering: { restartAt: number },
  kind: RestartKind,
): void {
  const pc = peerConnectionOf(peer)
  if (!pc || pc.signalingState === 'closed') return
  if (!initiator) return send({ type: 'renegotiate', renegotiate: true, iceRestart: true })
  const now = clock.now()
  const pending = pc.signalingState === 'have-local-offer'
  // Answered already: its candidates are being checked, and a new restart would throw them away.
  if (kind === 'follow-up' && !pending) return
  if (pending && (kind === 'follow-up' || now - offering.restartAt < ICE_RESTART_ANSWER_WAIT_MS)) {
    // Just sent: in flight, not lost (the other side asked before it arrived). Sent twice, the other side
    // applied it twice and a full run once saw that restart take 1.5 s longer on the offerer's side.
    if (now - offering.restartAt < ICE_RESTART_RESEND_MS) return
    // The same offer again, with the candidates gathered since: if the first was lost with the other side's
    // socket, this one finds the new socket; if it was not, answering it again changes nothing.
    const offer = pc.localDescription
    if (offer?.type === 'offer') send({ type: 'offer', sdp: offer.sdp, iceRestart: true })
    return
  }
  offering.restartAt = now
  const internals = peer as unknown as {
    _isNegotiating: boolean
    _createOffer(): void
    negotiate(): void
    offerOptions: RTCOfferOptions
  }
  if (typeof pc.restartIce === 'function') pc.restartIce()
  else internals.offerOptions = { ...internals.offerOptions, iceRestart: true }
  if (internals._isNegotiating) internals._createOffer()
  else internals.negotiate()
}

/**
 * simple-peer destroys its connection when ICE fails; a network change makes ICE fail for a moment, and the
 * call must outlive it: the recovery restarts ICE instead. A closed connection still closes the link.
 */
function keepThroughFailure(peer: SimplePeer.Instance): void {
  const internals = peer as unknown as {
    _pc?: RTCPeerConnection | null
    _onIceStateChange(): void
    _onConnectionStateChange(): void
    destroyed: boolean
  }
  const onIce = internals._onIceStateChange.bind(peer)
  internals._onIceStateChange = () => {
    if (internals._pc?.iceConnectionState === 'failed') return
    onIce()
  }
  internals._onConnectionStateChange = () => undefined
}

/** Whether a signal may go out under relay-only: anything but a candidate that is not a relay one. */
function isRelayCandidate(signal: Record<string, unknown>): boolean {
  const candidate = signal.candidate as { candidate?: unknown } | undefined
  if (signal.type === 'offer' || signal.type === 'answer') return true
  if (!candidate || typeof candidate.candidate !== 'string') return true
  // An end-of-candidates marker carries an empty string.
  return candidate.candidate === '' || / typ relay( |$)/.test(candidate.candidate)
}

/** Media packets received so far on a connection (every inbound RTP stream). */
async function mediaPacketsOf(connection: RTCPeerConnection): Promise<number> {
  let packets = 0
  ;(await connection.getStats()).forEach((stat: { type: string; packetsReceived?: number }) => {
    if (stat.type === 'inbound-rtp') packets += stat.packetsReceived ?? 0
  })
  return packets
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
