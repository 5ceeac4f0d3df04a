import * as v from 'valibot'
import { IdSchema, InstantSchema, LongTextSchema, ShortTextSchema } from './common'
import { FormValuesSchema } from './forms'
import { BoundedJsonSchema } from './bounded-json'

/** Payload of `comments`: the agent's comments, sanitized (plain text) by the console. */
export const CommentsSchema = v.object({ comments: LongTextSchema })
/** A comments save. */
export type Comments = v.InferOutput<typeof CommentsSchema>

/** Payload of `comments:updated` (and of the legacy `comments_updated`): when the server stored them. */
export const CommentsUpdatedSchema = v.object({ callId: IdSchema, date: InstantSchema })
/** A comments-saved notice. */
export type CommentsUpdated = v.InferOutput<typeof CommentsUpdatedSchema>

/** Payload of `set:tags`: the chosen tag ids (replaces the previous choice). */
export const SetTagsSchema = v.object({ tags: v.pipe(v.array(IdSchema), v.maxLength(100)) })
/** A tags change. */
export type SetTags = v.InferOutput<typeof SetTagsSchema>

/** Payload of `form:update`: the agent form values so far (replaces the previous values). */
export const FormUpdateSchema = v.object({ values: FormValuesSchema })
/** A form update. */
export type FormUpdate = v.InferOutput<typeof FormUpdateSchema>

/** Beamport data channels. */
export const BEAMPORT_CHANNELS = ['capture', 'files'] as const

/** Payload of `beamport:open` (either side asks) and `beamport:create` (both sides: connect the channel now). */
export const BeamportSchema = v.object({ channel: v.picklist(BEAMPORT_CHANNELS) })
/** A beamport request. */
export type Beamport = v.InferOutput<typeof BeamportSchema>

/** Payload of `recording`: a recording action; the ack carries the recording id. */
export const RecordingActionSchema = v.object({
  action: v.picklist(['start', 'pause', 'resume', 'stop']),
  type: v.optional(v.picklist(['cloud', 'local'])),
  /** Stop of a local recording: seconds of media in the downloaded file. */
  duration: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(7 * 24 * 3600))),
  /** Stop of a local recording: bytes of the downloaded file. */
  size: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))),
  /** Stop of a local recording: its media type. */
  mime: v.optional(v.pipe(v.string(), v.maxLength(100))),
})
/** A recording action. */
export type RecordingAction = v.InferOutput<typeof RecordingActionSchema>

/** Ack data of `recording`. */
export const RecordingActionResultSchema = v.object({
  recordingId: IdSchema,
  /** `processing` or `pending` after a stop (a cloud upload may still be finishing: it moves on by itself). */
  status: v.picklist(['recording', 'paused', 'processing', 'pending']),
})
/** A recording action result. */
export type RecordingActionResult = v.InferOutput<typeof RecordingActionResultSchema>

/** Payload of `exchange:customer`: an event for the customer's page, relayed as-is (`exchange` there). */
export const ExchangeSchema = v.object({ event: ShortTextSchema, data: v.optional(BoundedJsonSchema()) })
/** A relayed exchange. */
export type Exchange = v.InferOutput<typeof ExchangeSchema>
