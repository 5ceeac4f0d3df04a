import * as v from 'valibot'
import { IdSchema, InstantSchema, ShortTextSchema, plainObject } from './common'
import { AppointmentSchema } from './appointments'
import { RecordingsSettingsSchema } from './settings'
import { PeerSchema } from './signalling'
import { ChatMessageSchema } from './chat'

/** Payload of `meeting:join`: the appointment to open as a meeting. */
export const MeetingJoinSchema = v.object({ appointment: IdSchema })
/** A meeting join request. */
export type MeetingJoin = v.InferOutput<typeof MeetingJoinSchema>

/** Someone in the waiting room (SPEC §3 "Pending authorization"), plus the name they typed. */
export const PendingAuthorizationSchema = v.object({
  sessionId: ShortTextSchema,
  createdAt: InstantSchema,
  name: v.string(),
})
/** A pending authorization. */
export type PendingAuthorization = v.InferOutput<typeof PendingAuthorizationSchema>

/** Payload of the server's `meeting:join`: the agent is in the meeting room. */
export const MeetingJoinedSchema = v.object({
  appointment: AppointmentSchema,
  /** Signalling token (JWT scoped to this meeting). */
  accessToken: v.string(),
  recordingToken: v.string(),
  recordingsSettings: RecordingsSettingsSchema,
  peerId: ShortTextSchema,
  /** Participants already present (the agent is the newcomer only after a rejoin). */
  peers: v.array(PeerSchema),
  pendingAuthorizations: v.array(PendingAuthorizationSchema),
  messages: v.array(ChatMessageSchema),
})
/** A joined meeting. */
export type MeetingJoined = v.InferOutput<typeof MeetingJoinedSchema>

/** Payload of `meeting:hangup`: the appointment's resulting status (default `attended`). */
export const MeetingHangupSchema = plainObject({ status: v.optional(v.picklist(['attended', 'pending'])) })
/** A meeting hang-up. */
export type MeetingHangup = v.InferOutput<typeof MeetingHangupSchema>

/** Payload of `meeting:ended`: the meeting is over for everybody; reload the appointment. */
export const MeetingEndedSchema = v.object({ appointmentId: IdSchema, appointment: AppointmentSchema })
/** A meeting end. */
export type MeetingEnded = v.InferOutput<typeof MeetingEndedSchema>

/** Payload of `meeting:accept` and `meeting:deny`. */
export const MeetingAuthorizationSchema = v.object({ sessionId: ShortTextSchema })
/** An accept or deny. */
export type MeetingAuthorization = v.InferOutput<typeof MeetingAuthorizationSchema>

/** Payload of `meeting:pending:authorizations`: the whole waiting list of a meeting, after any change. */
export const PendingAuthorizationsSchema = v.object({
  appointmentId: IdSchema,
  data: v.array(PendingAuthorizationSchema),
})
/** A waiting list. */
export type PendingAuthorizations = v.InferOutput<typeof PendingAuthorizationsSchema>
