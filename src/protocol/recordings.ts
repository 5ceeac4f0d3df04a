import * as v from 'valibot'
import { IdSchema, InstantSchema, ShortTextSchema, plainObject } from './common'

/** Recording statuses named in SPEC's texts. */
export const RECORDING_STATUSES = [
  'recording',
  'processing',
  'failed',
  'pending',
  'approved',
  'rejected',
] as const

/** A recording (SPEC leaves the fields out; these are ours). */
export const RecordingSchema = v.object({
  _id: IdSchema,
  id: IdSchema,
  callId: v.nullable(IdSchema),
  appointmentId: v.nullable(IdSchema),
  userId: IdSchema,
  name: v.string(),
  type: v.picklist(['cloud', 'local']),
  status: v.picklist(RECORDING_STATUSES),
  startedAt: InstantSchema,
  endedAt: v.nullable(InstantSchema),
  /** Seconds. */
  duration: v.nullable(v.number()),
  /** Bytes. */
  size: v.nullable(v.number()),
  /** Uploaded file (`GET /files/{fileId}`), when there is one. */
  fileId: v.nullable(IdSchema),
  createdAt: InstantSchema,
})
/** A recording. */
export type Recording = v.InferOutput<typeof RecordingSchema>

/** Body of `POST /recordings`: register a recording of a call or meeting the agent is or was in. */
export const RecordingCreateSchema = v.object({
  callId: v.optional(IdSchema),
  appointmentId: v.optional(IdSchema),
  name: v.optional(ShortTextSchema),
  type: v.picklist(['cloud', 'local']),
  status: v.optional(v.picklist(RECORDING_STATUSES)),
  fileId: v.optional(IdSchema),
  duration: v.optional(v.number()),
  size: v.optional(v.number()),
})
/** A recording to create. */
export type RecordingCreate = v.InferOutput<typeof RecordingCreateSchema>

/** Body of `PATCH /recordings/{id}`: any subset. */
export const RecordingPatchSchema = plainObject({
  name: v.optional(ShortTextSchema),
  status: v.optional(v.picklist(RECORDING_STATUSES)),
  fileId: v.optional(v.nullable(IdSchema)),
  duration: v.optional(v.number()),
  size: v.optional(v.number()),
  endedAt: v.optional(InstantSchema),
})
/** A recording change. */
export type RecordingPatch = v.InferOutput<typeof RecordingPatchSchema>
