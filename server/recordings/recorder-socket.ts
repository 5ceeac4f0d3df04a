import { appendFile, stat, truncate } from 'node:fs/promises'
import * as v from 'valibot'
import type { Namespace, Socket } from 'socket.io'
import {
  ERROR_MESSAGES,
  RecorderHandshakeSchema,
  recorderEventSchemas,
  type ErrorReply,
  type RecorderChunk,
  type RecorderChunkAck,
  type RecorderFinish,
  type RecorderFinishAck,
  type RecorderToServerEvents,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { handle, type EventLane } from '../realtime/event-handler'
import { claimForProcessing, processRecording } from './finalise'
import { recordingById } from './recording-rows'
import { consoleSettings } from '../store/accounts'
import { SerialByKey } from './serial'
import { accountRecordingsFull, readStorageQuotas, type StorageQuotas } from '../quotas/storage-quotas'
import { accountRecordingBytes, countRecordingChunk } from '../store/storage-quotas'

/** What the server remembers on a recorder socket. */
export interface RecorderSocketData {
  recordingId: string
  accountId: string
  userId: string
}

/** The recorder namespace (`/recorder` on `/ws`). */
export type RecorderNamespace = Namespace<
  RecorderToServerEvents,
  Record<string, never>,
  Record<string, never>,
  RecorderSocketData
>
type RecorderSocket = Socket<
  RecorderToServerEvents,
  Record<string, never>,
  Record<string, never>,
  RecorderSocketData
>

/** The room of every socket uploading one recording (any process). */
export const recorderRoom = (recordingId: string) => `recording:${recordingId}`

/** A refused handshake: the client's `connect_error` carries the message and `data.code`. */
function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { data: { code } })
}

/**
 * The cloud recorder: the handshake's token must be a valid `recordingToken` of the call the
 * recording belongs to, issued to the agent who started it, and the recording a cloud one still
 * open. Chunks are appended in `seq` order under the storage folder (a chunk sent again is
 * acknowledged, not stored twice; one ahead of its turn is refused); `finish` closes the recording
 * and finalises it in the background. A socket that goes away leaves the recording open for a
 * reconnect; housekeeping closes it after the grace (`timers.recorderGraceMs`).
 */
export function attachRecorderNamespace(context: ServerContext, namespace: RecorderNamespace): void {
  const serial = new SerialByKey()
  // Read as the namespace is set up: a bad value stops the server from starting.
  const quotas = readStorageQuotas(process.env)

  namespace.use((socket, next) => {
    void (async () => {
      const auth = v.safeParse(RecorderHandshakeSchema, socket.handshake.auth)
      if (!auth.success) return next(refusal(400, 'auth.token, auth.recordingId and auth.mime are required'))
      const claims = await context.tokens.verify(auth.output.token, 'recording')
      if (!claims || typeof claims.aud !== 'string')
        return next(refusal(401, 'Invalid or expired recording token'))
      const room = typeof claims.call === 'string' ? claims.call : claims.appointment
      const row = await recordingById(context.db, auth.output.recordingId)
      if (!row || row.user_id !== claims.aud || (row.call_id ?? row.appointment_id) !== room)
        return next(refusal(404, ERROR_MESSAGES.recordingNotFound))
      if (row.type !== 'cloud') return next(refusal(409, 'This recording is kept on the agent’s computer'))
      if (row.status !== 'recording') return next(refusal(409, 'This recording is closed'))
      if (row.mime === null)
        await context.db.query('UPDATE recordings SET mime = $2 WHERE id = $1 AND mime IS NULL', [
          row.id,
          auth.output.mime,
        ])
      socket.data = { recordingId: row.id, accountId: row.account_id, userId: row.user_id }
      next()
    })().catch((error: unknown) => {
      context.log('recorder handshake failed', error)
      next(refusal(500, 'Internal server error'))
    })
  })

  namespace.on('connection', (socket: RecorderSocket) => {
    const lane: EventLane = { chain: Promise.resolve() }
    const { recordingId } = socket.data
    void socket.join(recorderRoom(recordingId))
    const report = (event: string, error: ErrorReply, acked: boolean) => {
      if (!acked) context.log(`recorder ${event} refused: ${error.message}`)
    }
    handle(
      socket,
      lane,
      'chunk',
      recorderEventSchemas.chunk,
      (chunk) => serial.run(recordingId, () => storeChunk(context, quotas, socket.data, chunk)),
      report,
    )
    handle(
      socket,
      lane,
      'finish',
      recorderEventSchemas.finish,
      (finish) => serial.run(recordingId, () => finishUpload(context, socket.data, finish)),
      report,
    )
  })
}

async function openRow(context: ServerContext, recordingId: string) {
  const row = await recordingById(context.db, recordingId)
  if (!row) throw new ServerError(404, ERROR_MESSAGES.recordingNotFound)
  return row
}

/** The most one recording may store whatever its account says (about 9 hours at the demo's bitrates). */
export const RECORDING_HARD_MAX_BYTES = 10 * 1024 * 1024 * 1024

/**
 * The bytes one recording of the account may store: the account's `recorder.maxBytes` (what the console
 * stops at), never more than `RECORDING_HARD_MAX_BYTES`; 0 (no limit of the account) is the hard one.
 */
async function recordingQuota(context: ServerContext, accountId: string): Promise<number> {
  const own = (await consoleSettings(context.db, accountId)).recorder?.maxBytes ?? 0
  return own > 0 ? Math.min(own, RECORDING_HARD_MAX_BYTES) : RECORDING_HARD_MAX_BYTES
}

/**
 * Appends a chunk if it is the next one; the ack says how many bytes are stored. Refused with 413 when
 * the recording would pass its own limit (`recording-quota`) or the account's recordings theirs
 * (`account-recordings-quota`): the console stops at the first; a recorder socket that does not is
 * stopped here, and nothing past either limit stays on disk.
 */
async function storeChunk(
  context: ServerContext,
  quotas: StorageQuotas,
  owner: RecorderSocketData,
  { seq, data }: RecorderChunk,
): Promise<RecorderChunkAck> {
  const row = await openRow(context, owner.recordingId)
  const stored = Number(row.bytes_received)
  if (seq < row.next_seq) return { seq, size: stored }
  if (row.status !== 'recording') throw new ServerError(409, 'This recording is closed')
  if (seq > row.next_seq)
    throw new ServerError(409, `Chunk ${seq} came before chunk ${row.next_seq}`, { reason: 'out-of-order' })
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : data
  const quota = await recordingQuota(context, owner.accountId)
  if (stored + bytes.byteLength > quota)
    throw new ServerError(413, `A recording stores at most ${quota} bytes`, { reason: 'recording-quota' })
  const accountQuota = quotas.accountRecordingsBytes
  // A first look before writing; the count below decides under the account's lock.
  if ((await accountRecordingBytes(context.db, owner.accountId)) + bytes.byteLength > accountQuota)
    throw accountRecordingsFull(accountQuota)
  const file = context.storage.recordingFile(owner.accountId, owner.recordingId)
  await context.storage.ensureFolderOf(file)
  // A crash between a write and its row update left bytes the row does not count: drop them first.
  const onDisk = (await stat(file).catch(() => null))?.size ?? 0
  if (onDisk > stored) await truncate(file, stored)
  await appendFile(file, bytes)
  const counted = await countRecordingChunk(context.db, {
    accountId: owner.accountId,
    recordingId: owner.recordingId,
    seq,
    bytes: bytes.byteLength,
    at: new Date(context.clock.now()),
    quota: accountQuota,
  })
  if (counted.counted) return { seq, size: counted.bytesReceived }
  if (counted.why === 'taken') throw new ServerError(409, `Chunk ${seq} was stored by another connection`)
  // Another recording of the account took the room first: the bytes just written are not kept.
  await truncate(file, stored)
  throw accountRecordingsFull(accountQuota)
}

/** Every chunk is in: the recording closes and is finalised in the background. */
async function finishUpload(
  context: ServerContext,
  owner: RecorderSocketData,
  { chunks }: RecorderFinish,
): Promise<RecorderFinishAck> {
  const row = await openRow(context, owner.recordingId)
  const size = Number(row.bytes_received)
  if (row.status !== 'recording')
    return { recordingId: row.id, status: row.status === 'failed' ? 'failed' : 'processing', size }
  if (chunks !== row.next_seq)
    throw new ServerError(409, `${row.next_seq} of ${chunks} chunks are stored`, { reason: 'missing-chunks' })
  const claimed = await claimForProcessing(context, row.id)
  if (claimed) context.background.run(async () => void (await processRecording(context, claimed)))
  return { recordingId: row.id, status: 'processing', size }
}
