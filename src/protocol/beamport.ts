import * as v from 'valibot'

/**
 * What travels on a beamport data channel (`files` or `capture`, SPEC §4 "beamport"), peer to peer:
 * the server never sees it. Text frames are JSON control messages (below); binary frames are the bytes
 * of the one file this side is sending, in order, after the other side accepted it.
 *
 * A file, from sender S to receiver R:
 * 1. S `offer { id, name, type, size }`; R answers `accept { id, offset }` (0 for a new file, or the
 *    bytes R already holds when the same id comes again after a reconnect: S resumes there).
 * 2. S sends the bytes from `offset` as binary frames, then `end { id, crc32 }` (CRC-32 of the whole
 *    file, computed while reading it).
 * 3. R checks the CRC-32 it computed while receiving and answers `verified { id, ok }`. After a
 *    mismatch R may ask `retry { id }`: S offers the file again from 0 (or `cancel`s when it can't).
 * - `cancel { id }` either way stops a file: binary frames of it still in flight are dropped.
 * - On the capture channel the customer's page sends each screen capture as a file, or
 *   `capture:error { reason }` when the customer refused to share the screen.
 * Each side sends one file at a time; the two directions are independent.
 */

/** Bytes per binary frame: below every browser's message size limit. */
export const BEAMPORT_CHUNK_BYTES = 64 * 1024

/** A transfer id, chosen by the sender (a UUID). */
export const TransferIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a transfer id'))

const SizeSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))

/** A file offered. */
export const BeamOfferSchema = v.object({
  t: v.literal('offer'),
  id: TransferIdSchema,
  name: v.pipe(v.string(), v.maxLength(1024)),
  type: v.pipe(v.string(), v.maxLength(255)),
  size: SizeSchema,
})
/** A file accepted, from `offset`. */
export const BeamAcceptSchema = v.object({ t: v.literal('accept'), id: TransferIdSchema, offset: SizeSchema })
/** The last byte of a file was sent; its CRC-32 (unsigned). */
export const BeamEndSchema = v.object({
  t: v.literal('end'),
  id: TransferIdSchema,
  crc32: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)),
})
/** The receiver's check of the CRC-32. */
export const BeamVerifiedSchema = v.object({
  t: v.literal('verified'),
  id: TransferIdSchema,
  ok: v.boolean(),
})
/** Stop a file (either side). */
export const BeamCancelSchema = v.object({ t: v.literal('cancel'), id: TransferIdSchema })
/** Send a file again from its start (after a mismatch or a cancel). */
export const BeamRetrySchema = v.object({ t: v.literal('retry'), id: TransferIdSchema })
/** The customer could not or would not share the screen for a capture. */
export const BeamCaptureErrorSchema = v.object({
  t: v.literal('capture:error'),
  reason: v.picklist(['denied', 'failed']),
})

/** Any control message of a beamport channel. */
export const BeamMessageSchema = v.variant('t', [
  BeamOfferSchema,
  BeamAcceptSchema,
  BeamEndSchema,
  BeamVerifiedSchema,
  BeamCancelSchema,
  BeamRetrySchema,
  BeamCaptureErrorSchema,
])
/** A control message of a beamport channel. */
export type BeamMessage = v.InferOutput<typeof BeamMessageSchema>
/** A file offer. */
export type BeamOffer = v.InferOutput<typeof BeamOfferSchema>

/** Largest control message accepted (an offer with a long name stays far below). */
export const MAX_BEAM_MESSAGE_CHARS = 4096

/**
 * Reads a text frame: the message, or null when it is not one (too long, not JSON, unknown shape).
 *
 * @example
 * const message = parseBeamMessage(event.data)
 */
export function parseBeamMessage(text: string): BeamMessage | null {
  if (text.length > MAX_BEAM_MESSAGE_CHARS) return null
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return null
  }
  const result = v.safeParse(BeamMessageSchema, data)
  return result.success ? result.output : null
}
