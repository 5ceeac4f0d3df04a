import { io, type Socket } from 'socket.io-client'
import * as v from 'valibot'
import {
  MAX_RECORDER_CHUNK_BYTES,
  RECORDER_NAMESPACE,
  RecorderChunkAckSchema,
  RecorderFinishAckSchema,
  type RecorderFinishAck,
} from '../protocol'
import { clock, type TimerId } from './clock'

/** A refusal the upload cannot get past by retrying (token refused, recording closed or gone). */
export class RecordingUploadError extends Error {
  constructor(
    /** HTTP-like status of the refusal. */
    readonly code: number,
    message: string,
    /** The refusal's machine reason (`recording-quota`, `account-recordings-quota`…), when the server gave one. */
    readonly reason: string | undefined = undefined,
  ) {
    super(message)
    this.name = 'RecordingUploadError'
  }
}

/** Where the upload stands. */
export type RecordingUploadState = 'connecting' | 'online' | 'reconnecting' | 'failed' | 'closed'

/** How to reach the recorder and what to tell the caller. */
export interface RecordingUploadOptions {
  /** Origin of the realtime server; empty for the page's own. */
  url: string
  /** socket.io path (`/ws`). */
  path: string
  /** The call's `recordingToken`. */
  token: string
  /** The recording (from the ack of `recording {action: 'start'}`). */
  recordingId: string
  /** Media type of the chunks. */
  mime: string
  /** How long a chunk's acknowledgement may take before the link is taken as broken. */
  ackTimeoutMs: number
  /** Waits before each reconnection attempt (the last one repeats). */
  retryDelaysMs?: readonly number[]
  /** Makes the socket; tests hand in their own. */
  ioFactory?: typeof io
  /** The upload's state changed. */
  onState?: (state: RecordingUploadState) => void
  /** The upload gave up (the recorder refused it for good). */
  onFailed?: (error: RecordingUploadError) => void
}

/** A recording's upload: chunks go in, each is acknowledged, none is lost to a dropped link. */
export interface RecordingUpload {
  /** Queues media (in order); it is split into parts the recorder takes. */
  send(data: Blob | ArrayBuffer | Uint8Array): void
  /** Resolves once every chunk is acknowledged and the recorder closed the recording. */
  finish(timeoutMs: number): Promise<RecorderFinishAck>
  /** Stops for good (what is not acknowledged is dropped). */
  close(): void
  /** Bytes queued so far, and bytes acknowledged. */
  progress(): { produced: number; acknowledged: number; pending: number }
}

interface Part {
  seq: number
  data: Uint8Array
  /** `performance.now()` when the media came in (for the upload lag). */
  producedAt: number
  /** Sent on the current connection. */
  sent: boolean
}

const ErrorReplySchema = v.object({
  ok: v.literal(false),
  error: v.object({ code: v.number(), message: v.string(), reason: v.optional(v.string()) }),
})
const OkReplySchema = v.object({ ok: v.literal(true), data: v.unknown() })

const RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000] as const

/** Refusals of the handshake that no retry can change. */
const FATAL_CODES = new Set([400, 401, 403, 404, 409])

/**
 * Opens the upload of a cloud recording on the recorder namespace (its own socket, authenticated by
 * the recording token). Parts are numbered and sent as soon as the link is up; a part stays queued
 * until its acknowledgement comes, so after a dropped link (reconnected with back-off on the console's
 * clock) every part not acknowledged is sent again, in order, and the server keeps each once. The lag
 * from media to acknowledgement is published as a User Timing measure (`agent-recording-chunk`).
 *
 * @example
 * const upload = openRecordingUpload({ url: '', path: '/ws', token, recordingId, mime, ackTimeoutMs: 15_000 })
 * recorder.ondataavailable = (event) => upload.send(event.data)
 * await upload.finish(15_000)
 */
export function openRecordingUpload(options: RecordingUploadOptions): RecordingUpload {
  const factory = options.ioFactory ?? io
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  const settings = {
    path: options.path,
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    forceNew: true,
    timeout: options.ackTimeoutMs,
    auth: { token: options.token, recordingId: options.recordingId, mime: options.mime },
  }
  const socket: Socket = factory(`${options.url}${RECORDER_NAMESPACE}`, settings)
  const queue: Part[] = []
  let nextSeq = 0
  let produced = 0
  let acknowledged = 0
  let intake: Promise<void> = Promise.resolve()
  let state: RecordingUploadState = 'connecting'
  let attempt = 0
  let retryTimer: TimerId | undefined
  // Acks of an older connection are not trusted to mean anything about the new one.
  let connection = 0
  let failure: RecordingUploadError | null = null
  const waiters = new Set<() => void>()

  const setState = (next: RecordingUploadState) => {
    if (state === next) return
    state = next
    options.onState?.(next)
    wake()
  }
  const wake = () => waiters.forEach((waiter) => waiter())

  const fail = (error: RecordingUploadError) => {
    if (failure) return
    failure = error
    clock.clearTimeout(retryTimer)
    setState('failed')
    socket.disconnect()
    options.onFailed?.(error)
  }

  const scheduleReconnect = () => {
    if (state === 'closed' || state === 'failed') return
    setState('reconnecting')
    clock.clearTimeout(retryTimer)
    const wait = delays[Math.min(attempt, delays.length - 1)] ?? 1_000
    attempt += 1
    retryTimer = clock.setTimeout(() => socket.connect(), wait)
  }

  const acknowledge = (seq: number) => {
    const index = queue.findIndex((part) => part.seq === seq)
    if (index < 0) return
    const [part] = queue.splice(index, 1)
    if (!part) return
    acknowledged += part.data.byteLength
    if (typeof performance !== 'undefined' && typeof performance.measure === 'function')
      performance.measure('agent-recording-chunk', {
        start: part.producedAt,
        end: performance.now(),
        detail: { seq, bytes: part.data.byteLength },
      })
    wake()
  }

  const pump = () => {
    if (!socket.connected || state !== 'online') return
    const mine = connection
    for (const part of queue) {
      if (part.sent) continue
      part.sent = true
      socket
        .timeout(options.ackTimeoutMs)
        .emit('chunk', { seq: part.seq, data: part.data }, (timedOut: Error | null, reply: unknown) => {
          if (mine !== connection) return
          // A missing ack means a broken link: reconnecting sends every unacknowledged part again.
          if (timedOut) return void socket.disconnect()
          const refused = v.safeParse(ErrorReplySchema, reply)
          if (refused.success) {
            const { code, message, reason } = refused.output.error
            // Out of order cannot happen on one connection; start the connection over to resend.
            if (code === 409 && /before chunk/.test(message)) return void socket.disconnect()
            return fail(new RecordingUploadError(code, message, reason))
          }
          const ok = v.safeParse(OkReplySchema, reply)
          const ack = ok.success ? v.safeParse(RecorderChunkAckSchema, ok.output.data) : null
          if (!ack?.success) return void console.warn('[agent-console] malformed recorder ack', reply)
          acknowledge(ack.output.seq)
        })
    }
  }

  socket.on('connect', () => {
    connection += 1
    attempt = 0
    for (const part of queue) part.sent = false
    setState('online')
    pump()
  })
  socket.on('disconnect', () => {
    connection += 1
    for (const part of queue) part.sent = false
    if (state === 'online' || state === 'connecting') scheduleReconnect()
  })
  socket.on('connect_error', (error: Error & { data?: { code?: number } }) => {
    const code = error.data?.code
    if (code !== undefined && FATAL_CODES.has(code))
      return fail(new RecordingUploadError(code, error.message))
    scheduleReconnect()
  })
  options.onState?.(state)
  socket.connect()

  const split = (bytes: Uint8Array) => {
    const producedAt = typeof performance !== 'undefined' ? performance.now() : 0
    for (let offset = 0; offset < bytes.byteLength; offset += MAX_RECORDER_CHUNK_BYTES) {
      const data = bytes.subarray(offset, Math.min(bytes.byteLength, offset + MAX_RECORDER_CHUNK_BYTES))
      queue.push({ seq: nextSeq++, data, producedAt, sent: false })
      produced += data.byteLength
    }
  }

  const until = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (failure) return finish(() => reject(failure))
        if (state === 'closed') return finish(() => reject(new RecordingUploadError(499, 'Upload closed')))
        if (done()) finish(resolve)
      }
      const timer = clock.setTimeout(
        () => finish(() => reject(new RecordingUploadError(408, what))),
        timeoutMs,
      )
      const finish = (settle: () => void) => {
        clock.clearTimeout(timer)
        waiters.delete(check)
        settle()
      }
      waiters.add(check)
      check()
    })

  const close = () => {
    if (state === 'closed') return
    clock.clearTimeout(retryTimer)
    setState('closed')
    connection += 1
    socket.disconnect()
  }

  return {
    send(data) {
      if (state === 'closed' || failure) return
      intake = intake.then(async () => {
        const bytes =
          data instanceof Uint8Array
            ? data
            : new Uint8Array(data instanceof ArrayBuffer ? data : await data.arrayBuffer())
        if (bytes.byteLength === 0) return
        split(bytes)
        pump()
        wake()
      })
    },
    async finish(timeoutMs) {
      const deadline = clock.now() + timeoutMs
      await intake
      await until(() => queue.length === 0 && state === 'online', timeoutMs, 'Chunks still unacknowledged')
      const reply = await new Promise<unknown>((resolve, reject) =>
        socket
          .timeout(Math.max(1, deadline - clock.now()))
          .emit('finish', { chunks: nextSeq }, (timedOut: Error | null, answer: unknown) =>
            timedOut ? reject(new RecordingUploadError(408, 'No reply to finish')) : resolve(answer),
          ),
      )
      const refused = v.safeParse(ErrorReplySchema, reply)
      if (refused.success)
        throw new RecordingUploadError(
          refused.output.error.code,
          refused.output.error.message,
          refused.output.error.reason,
        )
      const ok = v.safeParse(OkReplySchema, reply)
      const ack = ok.success ? v.safeParse(RecorderFinishAckSchema, ok.output.data) : null
      if (!ack?.success) throw new RecordingUploadError(502, 'Malformed reply to finish')
      close()
      return ack.output
    },
    close,
    progress: () => ({ produced, acknowledged, pending: queue.length }),
  }
}
