// One side of bench/file-transfer.mjs, in its own page: a raw RTCDataChannel, or the console's transfer
// (simple-peer through services/peer, the beamport file exchange with its CRC-32 and back-pressure).
// Signals go through the bench script (window.signalOut → the other page's bench.signal).
import { BEAMPORT_CHUNK_BYTES } from '../src/protocol'
import { createPeerLink, type PeerLink } from '../src/services/peer'
import { FileExchange } from '../src/services/transfer/file-exchange'
import { SEND_HIGH_WATER, SEND_LOW_WATER, room } from '../src/services/transfer/channel'

declare global {
  interface Window {
    signalOut(data: unknown): Promise<void>
    bench: typeof bench
  }
}

let raw: { pc: RTCPeerConnection; channel: RTCDataChannel | null } | null = null
let link: PeerLink | null = null
let exchange: FileExchange | null = null
let ready: Promise<void> = Promise.resolve()
let received = 0
let done: (result: { ms: number; bytes: number; ok: boolean }) => void = () => undefined
let startedAt = 0
let expected = 0

/** Random bytes of `size`, built 64 KiB at a time into Blob parts (never one buffer). */
function randomBlob(size: number): Blob {
  const parts: Blob[] = []
  for (let made = 0; made < size;) {
    const piece: Uint8Array<ArrayBuffer>[] = []
    for (let inPiece = 0; inPiece < 4 * 1024 * 1024 && made < size;) {
      const bytes = new Uint8Array(Math.min(65536, size - made))
      crypto.getRandomValues(bytes)
      piece.push(bytes)
      inPiece += bytes.length
      made += bytes.length
    }
    parts.push(new Blob(piece))
  }
  return new Blob(parts, { type: 'application/pdf' })
}

let file: Blob | null = null

const bench = {
  /** Makes the file to send (the sender page). */
  makeFile(size: number) {
    file = randomBlob(size)
    return file.size
  },

  /** Connects a raw channel; the initiator makes it. */
  raw(initiator: boolean) {
    const pc = new RTCPeerConnection({ iceServers: [] })
    raw = { pc, channel: null }
    pc.onicecandidate = (event) => {
      if (event.candidate) void window.signalOut({ candidate: event.candidate.toJSON() })
    }
    const opened = new Promise<void>((resolve) => {
      const take = (channel: RTCDataChannel) => {
        channel.binaryType = 'arraybuffer'
        if (raw) raw.channel = channel
        channel.onopen = () => resolve()
        if (channel.readyState === 'open') resolve()
        channel.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
          if (typeof event.data === 'string') return
          received += event.data.byteLength
          if (received >= expected) done({ ms: performance.now() - startedAt, bytes: received, ok: true })
        }
      }
      if (initiator) take(pc.createDataChannel('raw'))
      else pc.ondatachannel = (event) => take(event.channel)
    })
    if (initiator)
      void pc
        .createOffer()
        .then((offer) => pc.setLocalDescription(offer))
        .then(() => window.signalOut({ description: pc.localDescription?.toJSON() }))
    ready = opened
    return opened
  },

  /** Connects the console's way: simple-peer, frames to a beamport file exchange. */
  console(initiator: boolean) {
    exchange = new FileExchange({
      incoming: () => undefined,
      progress: () => undefined,
      received: (_id, stored) =>
        done({ ms: performance.now() - startedAt, bytes: stored.blob.size, ok: true }),
      sent: () => undefined,
      failed: () => done({ ms: performance.now() - startedAt, bytes: 0, ok: false }),
    })
    const current = exchange
    ready = new Promise<void>((resolve) => {
      link = createPeerLink({
        initiator,
        stream: null,
        receiveMedia: false,
        channelName: 'files',
        onSignal: (data) => void window.signalOut({ peer: data }),
        onFrame: (frame, channel) => {
          // A frame can come before simple-peer's `connect`: the exchange takes the channel then.
          if (!current.attached) current.attach(channel)
          current.receive(frame)
        },
        onConnect: () => {
          if (link?.channel) current.attach(link.channel)
          resolve()
        },
        onClose: () => current.detach(),
      })
    })
    return ready
  },

  /** A signal from the other page. */
  async signal(data: {
    candidate?: RTCIceCandidateInit
    description?: RTCSessionDescriptionInit
    peer?: Record<string, unknown>
  }) {
    if (data.peer) return link?.signal(data.peer)
    const pc = raw?.pc
    if (!pc) return
    if (data.candidate) return pc.addIceCandidate(data.candidate)
    if (data.description) {
      await pc.setRemoteDescription(data.description)
      if (data.description.type === 'offer') {
        await pc.setLocalDescription(await pc.createAnswer())
        await window.signalOut({ description: pc.localDescription?.toJSON() })
      }
    }
  },

  connected: () => ready,

  /** The receiver: resolves when `bytes` arrived (raw) or the file arrived whole and intact (console). */
  expect(bytes: number) {
    expected = bytes
    received = 0
    startedAt = performance.now()
    return new Promise<{ ms: number; bytes: number; ok: boolean }>((resolve) => (done = resolve))
  },

  /** The raw sender: the same 64 KiB frame again and again, with the same back-pressure as the console. */
  async sendRaw(bytes: number) {
    const channel = raw?.channel as RTCDataChannel
    channel.bufferedAmountLowThreshold = SEND_LOW_WATER
    const frame = new Uint8Array(BEAMPORT_CHUNK_BYTES)
    crypto.getRandomValues(frame)
    const never = new Promise<void>(() => undefined)
    for (let sent = 0; sent < bytes; sent += frame.length) {
      if (channel.bufferedAmount > SEND_HIGH_WATER) await room(channel, never)
      channel.send(frame.subarray(0, Math.min(frame.length, bytes - sent)))
    }
  },

  /** The console sender: the file through the exchange (read, CRC-32, back-pressure, verify). */
  sendFile() {
    exchange?.send(file as Blob, crypto.randomUUID(), 'bench.pdf')
  },

  close() {
    raw?.pc.close()
    raw = null
    link?.destroy()
    link = null
    exchange?.close()
    exchange = null
  },
}
window.bench = bench
