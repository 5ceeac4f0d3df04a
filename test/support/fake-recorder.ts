import { fakeIo, type FakeSocket } from './fake-socket'
import { ok } from './call-fixtures'
import { replaceRecorderTransport } from '../../src/stores/call/recording'

/** What the fake recorder saw of one chunk. */
export interface SeenChunk {
  seq: number
  bytes: number
}

/**
 * A stand-in for the server's recorder namespace, for tests of the recording store: it acknowledges
 * chunks while "online", can drop the link, refuse the handshake, and records everything.
 */
export interface FakeRecorder {
  /** The upload's socket (once the store opened it). */
  socket(): FakeSocket | null
  /** Every chunk received, in arrival order (a resent chunk appears twice). */
  chunks: SeenChunk[]
  /** The `finish` payloads received. */
  finishes: { chunks: number }[]
  /** The server drops the link (the client reconnects on its own clock). */
  drop(): void
  /** From now until `drop()`, chunks are stored but their acknowledgements are lost on the way. */
  loseAcks(): void
  /** The next handshakes are refused with this status (`connect_error` with `data.code`). */
  refuse(code: number, message: string): void
  /** From now on, chunks are refused with this error (a storage quota: `reason` names which). */
  refuseChunks(code: number, message: string, reason?: string): void
  restore(): void
}

/** Installs the fake recorder as the recording store's transport. */
export function fakeRecorder(): FakeRecorder {
  const io = fakeIo()
  let created: FakeSocket | null = null
  let refusal: { code: number; message: string } | null = null
  let chunkRefusal: { code: number; message: string; reason?: string } | null = null
  let losing = false
  const recorder: FakeRecorder = {
    socket: () => created,
    chunks: [],
    finishes: [],
    drop() {
      losing = false
      if (!created) return
      created.connected = false
      created.serverEmit('disconnect', 'transport close')
    },
    loseAcks() {
      losing = true
    },
    refuse(code, message) {
      refusal = { code, message }
    },
    refuseChunks(code, message, reason) {
      chunkRefusal = { code, message, ...(reason === undefined ? {} : { reason }) }
    },
    restore: () => replaceRecorderTransport(undefined),
  }
  const stored = new Set<number>()
  let size = 0
  replaceRecorderTransport(((...args: unknown[]) => {
    const socket = (io.factory as unknown as (...a: unknown[]) => FakeSocket)(...args)
    created = socket
    const connect = socket.connect.bind(socket)
    socket.connect = () => {
      if (refusal) {
        const error = Object.assign(new Error(refusal.message), { data: { code: refusal.code } })
        queueMicrotask(() => socket.serverEmit('connect_error', error))
        return socket
      }
      return connect()
    }
    const store = (payload: unknown) => {
      const { seq, data } = payload as { seq: number; data: Uint8Array }
      recorder.chunks.push({ seq, bytes: data.byteLength })
      if (chunkRefusal) return { ok: false, error: chunkRefusal }
      if (!stored.has(seq)) {
        stored.add(seq)
        size += data.byteLength
      }
      return ok({ seq, size })
    }
    socket.answer('chunk', store)
    const timeout = socket.timeout.bind(socket)
    socket.timeout = () => {
      const inner = timeout()
      return {
        emit: (event: string, payload: unknown, ack: (error: Error | null, reply?: unknown) => void) => {
          if (event !== 'chunk' || !losing) return inner.emit(event, payload, ack)
          socket.sent.push({ event, payload })
          store(payload)
        },
      }
    }
    socket.answer('finish', (payload) => {
      recorder.finishes.push(payload as { chunks: number })
      return ok({ recordingId: 'aaaaaaaaaaaaaaaaaaaaaaaa', status: 'processing', size })
    })
    return socket
  }) as unknown as Parameters<typeof replaceRecorderTransport>[0])
  return recorder
}
