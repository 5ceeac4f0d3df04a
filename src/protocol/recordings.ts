import * as v from 'valibot'
import { IdSchema, InstantSchema, ShortTextSchema, plainObject } from './common'

/** Recording statuses named in SPEC's texts, in the order a recording goes through them. */
export const RECORDING_STATUSES = [
  'recording',
  'processing',
  'failed',
  'pending',
  'approved',
  'rejected',
] as const
/** A recording's status. */
export type RecordingStatus = (typeof RECORDING_STATUSES)[number]

/** Statuses whose media is stored and finalised: it can be played and downloaded. */
export const PLAYABLE_RECORDING_STATUSES: readonly RecordingStatus[] = ['pending', 'approved', 'rejected']

/** Statuses a supervisor sets on a pending recording (`PATCH /recordings/{id}`). */
export const REVIEW_STATUSES = ['approved', 'rejected'] as const

/** How a call was recorded: streamed to the server, or kept on the agent's computer. */
export const RECORDING_TYPES = ['cloud', 'local'] as const

/** A recording (SPEC leaves the fields out; these are ours, see docs/protocol.md). */
export const RecordingSchema = v.object({
  _id: IdSchema,
  id: IdSchema,
  callId: v.nullable(IdSchema),
  appointmentId: v.nullable(IdSchema),
  /** The agent who recorded it. */
  userId: IdSchema,
  name: v.string(),
  type: v.picklist(RECORDING_TYPES),
  status: v.picklist(RECORDING_STATUSES),
  /** The customer's name in the call, when known. */
  customer: v.nullable(v.string()),
  /** The call's segment (department), when it was a queued call. */
  segment: v.nullable(v.object({ id: IdSchema, name: v.string() })),
  startedAt: InstantSchema,
  endedAt: v.nullable(InstantSchema),
  /** Seconds of media (pauses left out); null until known. */
  duration: v.nullable(v.number()),
  /** Bytes stored (cloud) or downloaded (local); null until known. */
  size: v.nullable(v.number()),
  /** Media type of the file (`video/webm;codecs=vp8,opus`), null until the first chunk. */
  mime: v.nullable(v.string()),
  /** Uploaded file (`GET /files/{fileId}`), when there is one. */
  fileId: v.nullable(IdSchema),
  createdAt: InstantSchema,
  /**
   * Only in `GET /recordings/{id}` of a playable recording: where its media streams from, relative to
   * the API base, with a short-lived token in the query (a `<video>` sends no bearer header). It answers
   * HTTP Range requests; `&download=1` makes it an attachment.
   */
  mediaUrl: v.optional(v.nullable(v.string())),
})
/** A recording. */
export type Recording = v.InferOutput<typeof RecordingSchema>

/** Body of `POST /recordings`: register a recording of a call or meeting the agent is or was in. */
export const RecordingCreateSchema = v.object({
  callId: v.optional(IdSchema),
  appointmentId: v.optional(IdSchema),
  name: v.optional(ShortTextSchema),
  type: v.picklist(RECORDING_TYPES),
  status: v.optional(v.picklist(RECORDING_STATUSES)),
  fileId: v.optional(IdSchema),
  duration: v.optional(v.pipe(v.number(), v.minValue(0))),
  size: v.optional(v.pipe(v.number(), v.minValue(0))),
})
/** A recording to create. */
export type RecordingCreate = v.InferOutput<typeof RecordingCreateSchema>

/**
 * Body of `PATCH /recordings/{id}`: any subset. The agent who recorded it may rename it; `status`
 * `approved` or `rejected` is a supervisor's review of a pending (or reviewed) recording of their account.
 */
export const RecordingPatchSchema = plainObject({
  name: v.optional(ShortTextSchema),
  status: v.optional(v.picklist(REVIEW_STATUSES)),
  fileId: v.optional(v.nullable(IdSchema)),
  duration: v.optional(v.pipe(v.number(), v.minValue(0))),
  size: v.optional(v.pipe(v.number(), v.minValue(0))),
  endedAt: v.optional(InstantSchema),
})
/** A recording change. */
export type RecordingPatch = v.InferOutput<typeof RecordingPatchSchema>
