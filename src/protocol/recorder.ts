import * as v from 'valibot'
import { IdSchema, type Ack } from './common'

/**
 * The cloud recorder: a socket.io namespace on the realtime path (`/ws`), apart from the agent's own
 * socket, that takes one recording's chunks in order. The handshake carries the call's
 * `recordingToken` and the recording id (from the ack of `recording {action: 'start'}`); each `chunk`
 * is acknowledged once stored; a chunk sent again after a reconnect is acknowledged without being
 * stored twice; `finish` closes the recording (status processing, then pending once its duration and
 * cues are written, or failed).
 */
export const RECORDER_NAMESPACE = '/recorder'

/** Largest chunk part the recorder takes (the socket's message limit is 1 MiB). */
export const MAX_RECORDER_CHUNK_BYTES = 512 * 1024

/** Handshake `auth` of the recorder namespace. */
export const RecorderHandshakeSchema = v.object({
  /** The call's (or meeting's) `recordingToken`. */
  token: v.pipe(v.string(), v.maxLength(4096)),
  recordingId: IdSchema,
  /** Media type of the chunks (`video/webm;codecs=vp8,opus`). */
  mime: v.pipe(v.string(), v.maxLength(100), v.regex(/^(audio|video)\/webm(;[ a-z0-9=.,]*)?$/i)),
})
/** A recorder handshake. */
export type RecorderHandshake = v.InferOutput<typeof RecorderHandshakeSchema>

/** Bytes as socket.io delivers them (a Buffer on Node, an ArrayBuffer in a browser). */
const BinarySchema = v.custom<Uint8Array | ArrayBuffer>(
  (value) => value instanceof Uint8Array || value instanceof ArrayBuffer,
  'must be binary',
)

/** Payload of `chunk`: the next part of the media, numbered from 0 without gaps. */
export const RecorderChunkSchema = v.object({
  seq: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000)),
  data: v.pipe(
    BinarySchema,
    v.check(
      (data) => data.byteLength > 0 && data.byteLength <= MAX_RECORDER_CHUNK_BYTES,
      `must hold 1 to ${MAX_RECORDER_CHUNK_BYTES} bytes`,
    ),
  ),
})
/** A chunk of a recording. */
export type RecorderChunk = v.InferOutput<typeof RecorderChunkSchema>

/** Ack data of `chunk`: the chunk is stored (or was already); `size` is the bytes stored so far. */
export const RecorderChunkAckSchema = v.object({ seq: v.number(), size: v.number() })
/** A chunk acknowledgement. */
export type RecorderChunkAck = v.InferOutput<typeof RecorderChunkAckSchema>

/** Payload of `finish`: how many chunks were sent in all (the server checks it has them). */
export const RecorderFinishSchema = v.object({
  chunks: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000)),
})
/** The end of a recording's upload. */
export type RecorderFinish = v.InferOutput<typeof RecorderFinishSchema>

/** Ack data of `finish`. */
export const RecorderFinishAckSchema = v.object({
  recordingId: IdSchema,
  status: v.picklist(['processing', 'pending', 'failed']),
  size: v.number(),
})
/** A finish acknowledgement. */
export type RecorderFinishAck = v.InferOutput<typeof RecorderFinishAckSchema>

/** Events the recorder namespace takes. */
export const recorderEventSchemas = {
  chunk: RecorderChunkSchema,
  finish: RecorderFinishSchema,
} as const

/** What a recorder client sends (for typed sockets on both sides). */
export interface RecorderToServerEvents {
  chunk: (payload: RecorderChunk, ack: Ack<RecorderChunkAck>) => void
  finish: (payload: RecorderFinish, ack: Ack<RecorderFinishAck>) => void
}
