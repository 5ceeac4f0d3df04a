import * as v from 'valibot'
import { IdSchema, InstantSchema } from './common'
import { CustomerExtraDataSchema, SegmentSchema, TagSchema } from './calls'
import { FilledFieldSchema, FormDefinitionSchema, FormValuesSchema } from './forms'
import { ChatMessageSchema } from './chat'
import { RECORDING_STATUSES } from './recordings'
import { CallQualitySchema } from './ice'

/**
 * The agent's own history (`GET /calls`, `GET /calls/{id}`): one entry per call or meeting the agent
 * was part of, even only by a ring. The server keeps these facts as calls happen.
 */

/**
 * How the agent's part in a call ended: answered (and ended there), transferred away, dismissed the
 * ring, missed it (ring timeout, or the ring stopped without an answer), the customer left while it
 * rang, the agent removed the customer; `attended` for a meeting.
 */
export const CALL_OUTCOMES = [
  'answered',
  'transferred',
  'dismissed',
  'missed',
  'customer-left',
  'kicked',
  'attended',
] as const
/** An outcome. */
export type CallOutcome = (typeof CALL_OUTCOMES)[number]

/** How the call reached the agent: the queue, a transfer, an invitation, their personal link, or a meeting. */
export const HISTORY_VIA = ['inbound', 'transferred', 'invited', 'personal', 'meeting'] as const
/** A way in. */
export type HistoryVia = (typeof HISTORY_VIA)[number]

/** One row of the history list. */
export const CallHistoryItemSchema = v.object({
  /** The call's id (or the appointment's, for a meeting). */
  id: IdSchema,
  kind: v.picklist(['call', 'meeting']),
  via: v.picklist(HISTORY_VIA),
  /** When it rang at the agent (a meeting: when the agent joined). */
  startedAt: InstantSchema,
  answeredAt: v.nullable(InstantSchema),
  /** When the agent's part ended; null while it goes on. */
  endedAt: v.nullable(InstantSchema),
  /** The customer's name (a meeting: its title). */
  customerName: v.string(),
  /** The segment it rang in for this agent (null for a meeting). */
  segment: v.nullable(SegmentSchema),
  /** The agent's talk time in the call, in milliseconds. */
  durationMs: v.number(),
  outcome: v.picklist(CALL_OUTCOMES),
  /** Tags chosen on the call. */
  tags: v.array(TagSchema),
})
/** A history row. */
export type CallHistoryItem = v.InferOutput<typeof CallHistoryItemSchema>

/**
 * List-query fields of `GET /calls`: `startedAt` (`$gte`/`$lt` an instant; sortable), `outcome`
 * (value or `$in`), `segment` (id or `$in`), `customerName` (`$regex`, sortable), `kind`, `via`,
 * `durationMs` (sortable). Default sort: newest first.
 */
export const HISTORY_FIELDS = [
  'startedAt',
  'outcome',
  'segment',
  'customerName',
  'kind',
  'via',
  'durationMs',
] as const

/** One agent's part in a call, as the detail's steps list them (transfers and invitations along the way). */
export const CallStepSchema = v.object({
  agent: v.string(),
  via: v.picklist(HISTORY_VIA),
  /** Who transferred or invited (null for the queue). */
  from: v.nullable(v.string()),
  segment: v.nullable(SegmentSchema),
  at: InstantSchema,
  answeredAt: v.nullable(InstantSchema),
  /** Null while it still rings. */
  outcome: v.nullable(v.picklist(CALL_OUTCOMES)),
  /** Where the agent transferred the call, when they did. */
  transferredTo: v.nullable(v.object({ kind: v.picklist(['agent', 'segment']), name: v.string() })),
})
/** A step of a call. */
export type CallStep = v.InferOutput<typeof CallStepSchema>

/** A file saved during the call (`GET /files/{id}` downloads it). */
export const CallFileSchema = v.object({
  id: IdSchema,
  name: v.string(),
  type: v.string(),
  size: v.number(),
  createdAt: InstantSchema,
})
/** A file saved during a call, as its detail lists it. */
export type CallFile = v.InferOutput<typeof CallFileSchema>

/** A recording of the call (the recordings page plays it). */
export const CallRecordingRefSchema = v.object({
  id: IdSchema,
  name: v.string(),
  status: v.picklist(RECORDING_STATUSES),
  startedAt: InstantSchema,
  /** Seconds. */
  duration: v.nullable(v.number()),
})
/** A recording reference. */
export type CallRecordingRef = v.InferOutput<typeof CallRecordingRefSchema>

/**
 * `GET /calls/{id}`: the history row and, when the agent took part (answered), what the call held.
 * For a call the agent only saw ringing, the customer details, forms, comment, chat, files and
 * recordings are left empty.
 */
export const CallHistoryDetailSchema = v.object({
  ...CallHistoryItemSchema.entries,
  /** The agent was in the call (answered it): the fields below are filled. */
  participated: v.boolean(),
  queuedAt: v.nullable(InstantSchema),
  ticketId: v.nullable(v.string()),
  extraData: v.nullable(CustomerExtraDataSchema),
  form: v.array(FilledFieldSchema),
  agentForm: v.nullable(FormDefinitionSchema),
  agentFormValues: FormValuesSchema,
  comments: v.string(),
  messages: v.array(ChatMessageSchema),
  files: v.array(CallFileSchema),
  recordings: v.array(CallRecordingRefSchema),
  steps: v.array(CallStepSchema),
  /**
   * What this agent's console measured of the call's media (sent at its end, `call:quality`); null when
   * none was sent. Absent from servers older than it.
   */
  quality: v.optional(v.nullable(CallQualitySchema)),
})
/** A call's detail. */
export type CallHistoryDetail = v.InferOutput<typeof CallHistoryDetailSchema>
