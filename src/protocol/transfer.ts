import * as v from 'valibot'
import { IdSchema } from './common'

/** Payload of `call:transfer:agent`: the target agent's id. */
export const TransferToAgentSchema = v.object({ agent: IdSchema })
/** A transfer to an agent. */
export type TransferToAgent = v.InferOutput<typeof TransferToAgentSchema>

/** Payload of `call:transfer:segment`: the target segment's id. */
export const TransferToSegmentSchema = v.object({ segment: IdSchema })
/** A transfer to a segment. */
export type TransferToSegment = v.InferOutput<typeof TransferToSegmentSchema>

/** Payload of `call:invite:agent`: the agent (or supervisor) to invite. */
export const InviteAgentSchema = v.object({ agent: IdSchema })
/** An invitation. */
export type InviteAgent = v.InferOutput<typeof InviteAgentSchema>

/** Who or what a transfer or invitation went to. */
export const TransferTargetSchema = v.variant('type', [
  v.object({ type: v.literal('agent'), id: IdSchema, name: v.string() }),
  v.object({ type: v.literal('segment'), id: IdSchema, name: v.string() }),
])
/** A transfer target. */
export type TransferTarget = v.InferOutput<typeof TransferTargetSchema>

/**
 * Payload of `call:transfer:success`. To an agent: the agent answered, and `end` follows at once. To a
 * segment: the call is back in that segment's queue, and `end` follows after `endsInMs` (10 s), unless
 * the agent hangs up earlier.
 */
export const TransferSuccessSchema = v.object({
  callId: IdSchema,
  target: TransferTargetSchema,
  endsInMs: v.number(),
})
/** A transfer success. */
export type TransferSuccess = v.InferOutput<typeof TransferSuccessSchema>

/**
 * Payload of `call:transfer:error`: reason `dismissed`, `timeout`, `unavailable` (agent),
 * `no-agents` (422, segment) or `failed` (400), with the code of the error catalogue.
 */
export const TransferErrorSchema = v.object({
  callId: v.nullable(IdSchema),
  target: v.nullable(TransferTargetSchema),
  code: v.number(),
  reason: v.picklist(['dismissed', 'timeout', 'unavailable', 'no-agents', 'failed']),
  message: v.string(),
})
/** A transfer failure. */
export type TransferError = v.InferOutput<typeof TransferErrorSchema>

/** Payload of `call:invite:success`: the invited agent answered and is joining. */
export const InviteSuccessSchema = v.object({ callId: IdSchema, target: TransferTargetSchema })
/** An invitation success. */
export type InviteSuccess = v.InferOutput<typeof InviteSuccessSchema>

/** Payload of `call:invite:error`: reason `dismissed` (rejected), `timeout` (no reply), `unavailable`, `failed`. */
export const InviteErrorSchema = v.object({
  callId: v.nullable(IdSchema),
  target: v.nullable(TransferTargetSchema),
  code: v.number(),
  reason: v.picklist(['dismissed', 'timeout', 'unavailable', 'failed']),
  message: v.string(),
})
/** An invitation failure. */
export type InviteError = v.InferOutput<typeof InviteErrorSchema>

/** Payload of `invited:hangup`: an invited agent left the call (info note for 7 s). */
export const InvitedHangupSchema = v.object({ callId: IdSchema, agent: v.string() })
/** An invited agent's hang-up. */
export type InvitedHangup = v.InferOutput<typeof InvitedHangupSchema>
