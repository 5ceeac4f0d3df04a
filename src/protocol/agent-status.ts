import * as v from 'valibot'
import { IdSchema, ShortTextSchema } from './common'
import { AgentStatusFlagsSchema } from './users'

/** Payload of `status` / `change:status`: the id of one of `settings.statuses`. */
export const ChangeStatusSchema = v.object({ status: ShortTextSchema })
/** A status change. */
export type ChangeStatus = v.InferOutput<typeof ChangeStatusSchema>

/**
 * Payload of `agent:status:update`, sent after authenticate and on every change (from this tab, another
 * process, or the server: a call starting or ending). `status` is the chosen status id.
 */
export const AgentStatusUpdateSchema = v.object({
  ...AgentStatusFlagsSchema.entries,
  status: ShortTextSchema,
})
/** An agent status update. */
export type AgentStatusUpdate = v.InferOutput<typeof AgentStatusUpdateSchema>

/** Payload of `agent:authenticated`: the agent is registered; `callId` is set when a `rejoin` follows. */
export const AgentAuthenticatedSchema = v.object({
  id: IdSchema,
  firstname: v.string(),
  lastname: v.string(),
  /** Segment ids the agent serves. */
  segments: v.array(IdSchema),
  callId: v.nullable(IdSchema),
  appointmentId: v.nullable(IdSchema),
})
/** An agent-authenticated payload. */
export type AgentAuthenticated = v.InferOutput<typeof AgentAuthenticatedSchema>
