import * as v from 'valibot'
import {
  EmptySchema,
  IdSchema,
  InstantSchema,
  JsonObjectSchema,
  ShortTextSchema,
  type Ack,
  type Empty,
} from './common'
import { BoundedJsonSchema } from './bounded-json'
import { FormValuesSchema } from './forms'
import {
  PeerJoinSchema,
  PeerLeaveSchema,
  PeerSchema,
  SignalInSchema,
  SignalOutSchema,
  type PeerJoin,
  type PeerLeave,
  type SignalIn,
  type SignalOut,
} from './signalling'
import { ChatMessageSchema, ChatSendSchema, type ChatMessage, type ChatSend } from './chat'
import { BeamportSchema, type Beamport } from './call-tools'
import { AppCommandSchema, AppReportSchema, type AppCommand, type AppReport } from './apps'
import { ProtocolErrorSchema, type ProtocolError } from './protocol-error'
import { ServerDrainingSchema, type ServerDraining } from './auth'
import type { IceConfig } from './ice'

/**
 * The customer side of the realtime channel: the socket.io namespace `/customer` on the same path
 * `/ws` (websocket only). The handshake carries `auth: { sessionId }`, an id the customer page keeps
 * in sessionStorage: reconnecting with the same id resumes the queue place or the call (within the
 * server's grace period). No login: a customer is anonymous.
 */
export const CUSTOMER_NAMESPACE = '/customer'

/** Handshake `auth` of a customer socket. */
export const CustomerHandshakeSchema = v.object({
  sessionId: v.pipe(ShortTextSchema, v.minLength(8)),
  /** The guest token of `meeting:accepted`, to come back into the meeting after a reconnect. */
  guestToken: v.optional(v.pipe(v.string(), v.maxLength(4096))),
})
/** A customer handshake. */
export type CustomerHandshake = v.InferOutput<typeof CustomerHandshakeSchema>

/** Payload of `queue:join`: call a segment. Optional fields feed the agent's info view. */
export const QueueJoinSchema = v.object({
  segment: IdSchema,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** Values of the segment's customer form (widget forms). */
  form: v.optional(FormValuesSchema),
  priority: v.optional(v.boolean()),
  ticketId: v.optional(ShortTextSchema),
  branch: v.optional(ShortTextSchema),
  poc: v.optional(ShortTextSchema),
  integrationData: v.optional(JsonObjectSchema),
  /**
   * The code of an agent's personal link: the call rings at that agent only (in the link's segment,
   * whatever `segment` says); 409 `agent-unavailable` when they cannot take it now, 404 for an unknown
   * or replaced link.
   */
  personalLink: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  /** Where the customer came from (the page URL with its query). */
  referrer: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  /** Place data when the page knows it (the reference server has no geo-IP database). */
  location: v.optional(
    v.object({
      countryName: v.optional(ShortTextSchema),
      countryCode: v.optional(ShortTextSchema),
      regionName: v.optional(ShortTextSchema),
      cityName: v.optional(ShortTextSchema),
      carrierName: v.optional(ShortTextSchema),
    }),
  ),
})
/** A queue join. */
export type QueueJoin = v.InferOutput<typeof QueueJoinSchema>

/** Payload of `queue:status` (and the ack data of `queue:join`): the customer's place. */
export const QueueStatusSchema = v.object({
  callId: IdSchema,
  segment: v.object({ id: IdSchema, name: v.string() }),
  /** 1 = next. */
  position: v.number(),
  queuedAt: InstantSchema,
  peerId: ShortTextSchema,
})
/** A queue status. */
export type QueueStatus = v.InferOutput<typeof QueueStatusSchema>

/** Payload of `permissions`: what the browser granted (a denial is reported to the agent). */
export const PermissionsSchema = v.object({ camera: v.boolean(), microphone: v.boolean() })
/** Permissions. */
export type Permissions = v.InferOutput<typeof PermissionsSchema>

/** Payload of `call:joined`: an agent answered (or the customer reconnected into the call). */
export const CallJoinedSchema = v.object({
  callId: IdSchema,
  agent: v.string(),
  peerId: ShortTextSchema,
  /** Present participants; the customer initiates only towards peers listed here after a reconnect. */
  peers: v.array(PeerSchema),
  /** True when the customer must initiate (it is the newcomer: a reconnect). */
  initiator: v.boolean(),
  messages: v.array(ChatMessageSchema),
})
/** A call joined. */
export type CallJoined = v.InferOutput<typeof CallJoinedSchema>

/** Payload of `call:ended`: the call is over for the customer. */
export const CallEndedSchema = v.object({
  callId: IdSchema,
  reason: v.picklist(['hangup', 'kicked', 'exceeded', 'agent-gone', 'left', 'agent-unavailable']),
})
/** A call end. */
export type CallEnded = v.InferOutput<typeof CallEndedSchema>

/** Payload of `meeting:join` from a customer: the code of the appointment's join URL. */
export const CustomerMeetingJoinSchema = v.object({
  code: v.pipe(v.string(), v.minLength(8), v.maxLength(64)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
})
/** A customer's meeting join. */
export type CustomerMeetingJoin = v.InferOutput<typeof CustomerMeetingJoinSchema>

/** Payload of `meeting:waiting` (and ack data of `meeting:join`): in the waiting room. */
export const MeetingWaitingSchema = v.object({
  appointmentId: IdSchema,
  title: v.string(),
  startAt: InstantSchema,
  endAt: InstantSchema,
  sessionId: v.string(),
})
/** A waiting-room place. */
export type MeetingWaiting = v.InferOutput<typeof MeetingWaitingSchema>

/** Payload of `meeting:accepted`: admitted; connect to every peer listed (the customer is the newcomer). */
export const MeetingAcceptedSchema = v.object({
  appointmentId: IdSchema,
  peerId: ShortTextSchema,
  peers: v.array(PeerSchema),
  messages: v.array(ChatMessageSchema),
  /** Signed by the server: shown again in the handshake (`auth.guestToken`) to come back after a reconnect. */
  guestToken: v.string(),
})
/** An admission. */
export type MeetingAccepted = v.InferOutput<typeof MeetingAcceptedSchema>

/** Payload of `meeting:denied` and the customer's `meeting:ended`. */
export const MeetingRefSchema = v.object({ appointmentId: IdSchema })
/** A meeting reference. */
export type MeetingRef = v.InferOutput<typeof MeetingRefSchema>

/** Payload of `exchange` at the customer: what the agent sent with `exchange:customer`. */
export const CustomerExchangeSchema = v.object({ event: v.string(), data: v.optional(BoundedJsonSchema()) })
/** An exchange. */
export type CustomerExchange = v.InferOutput<typeof CustomerExchangeSchema>

/** Payload of `capture:shot` at the customer: which agent asked (the capture goes to that peer). */
export const CaptureShotSchema = v.object({ from: v.optional(ShortTextSchema) })
/** A capture request. */
export type CaptureShot = v.InferOutput<typeof CaptureShotSchema>

/** Events a customer page sends. Each accepts an optional ack as its last argument. */
export interface CustomerToServerEvents {
  'queue:join': (payload: QueueJoin, ack?: Ack<QueueStatus>) => void
  'queue:leave': (payload: Empty, ack?: Ack) => void
  hangup: (payload: Empty, ack?: Ack) => void
  permissions: (payload: Permissions, ack?: Ack) => void
  'chat:message': (payload: ChatSend, ack?: Ack<ChatMessage>) => void
  signal: (payload: SignalOut, ack?: Ack) => void
  'beamport:open': (payload: Beamport, ack?: Ack) => void
  'apps:message': (payload: AppReport, ack?: Ack) => void
  'meeting:join': (payload: CustomerMeetingJoin, ack?: Ack<MeetingWaiting>) => void
  'meeting:leave': (payload: Empty, ack?: Ack) => void
  /** ICE servers and policy for this page's media, with fresh TURN credentials (asked again before they expire). */
  'ice:servers': (payload: Empty, ack?: Ack<IceConfig>) => void
}

/** Validators of what a customer sends, by event. */
export const customerEventSchemas = {
  'queue:join': QueueJoinSchema,
  'queue:leave': EmptySchema,
  hangup: EmptySchema,
  permissions: PermissionsSchema,
  'chat:message': ChatSendSchema,
  signal: SignalOutSchema,
  'beamport:open': BeamportSchema,
  'apps:message': AppReportSchema,
  'meeting:join': CustomerMeetingJoinSchema,
  'meeting:leave': EmptySchema,
  'ice:servers': EmptySchema,
} as const satisfies { [E in keyof CustomerToServerEvents]: v.GenericSchema }

/** Events the server sends to a customer page. */
export interface ServerToCustomerEvents {
  'queue:status': (payload: QueueStatus) => void
  'queue:exceeded': (payload: { callId: string }) => void
  'call:joined': (payload: CallJoined) => void
  'call:ended': (payload: CallEnded) => void
  kicked: (payload: { callId: string }) => void
  'peer:join': (payload: PeerJoin) => void
  'peer:leave': (payload: PeerLeave) => void
  signal: (payload: SignalIn) => void
  'chat:message': (payload: ChatMessage) => void
  exchange: (payload: CustomerExchange) => void
  'apps:message': (payload: AppCommand) => void
  'capture:shot': (payload: CaptureShot) => void
  'beamport:create': (payload: Beamport) => void
  'meeting:waiting': (payload: MeetingWaiting) => void
  'meeting:accepted': (payload: MeetingAccepted) => void
  'meeting:denied': (payload: MeetingRef) => void
  'meeting:ended': (payload: MeetingRef) => void
  'server:draining': (payload: ServerDraining) => void
  'protocol:error': (payload: ProtocolError) => void
}

/** Validators of what the server sends to a customer, by event (the customer page may check them). */
export const serverToCustomerSchemas = {
  'queue:status': QueueStatusSchema,
  'queue:exceeded': v.object({ callId: IdSchema }),
  'call:joined': CallJoinedSchema,
  'call:ended': CallEndedSchema,
  kicked: v.object({ callId: IdSchema }),
  'peer:join': PeerJoinSchema,
  'peer:leave': PeerLeaveSchema,
  signal: SignalInSchema,
  'chat:message': ChatMessageSchema,
  exchange: CustomerExchangeSchema,
  'apps:message': AppCommandSchema,
  'capture:shot': CaptureShotSchema,
  'beamport:create': BeamportSchema,
  'meeting:waiting': MeetingWaitingSchema,
  'meeting:accepted': MeetingAcceptedSchema,
  'meeting:denied': MeetingRefSchema,
  'meeting:ended': MeetingRefSchema,
  'server:draining': ServerDrainingSchema,
  'protocol:error': ProtocolErrorSchema,
} as const satisfies { [E in keyof ServerToCustomerEvents]: v.GenericSchema }

/**
 * Why the server refused an anonymous customer for a budget (server/realtime/customer-budgets.ts): the
 * `reason` of a 429 ack (`queue:join`, `chat:message`), or the `data.reason` of the `connect_error` that
 * turns a socket away. The customer page says each in words.
 */
export const CUSTOMER_BUDGET_REASON = {
  /** `CUSTOMER_CONNECTIONS_PER_ADDRESS`: too many customer sockets open from this address. */
  connectionsPerAddress: 'connections-per-address',
  /** `QUEUE_JOINS_PER_ADDRESS`: too many `queue:join`s from this address in the last minute. */
  queueJoinsPerAddress: 'queue-joins-per-address',
  /** `QUEUE_JOINS_PER_SESSION`: too many `queue:join`s of this session in the last minute. */
  queueJoinsPerSession: 'queue-joins-per-session',
  /** `CHAT_LINES_PER_SECOND`: the socket's chat lines of the last seconds are spent (the line was not sent). */
  chatLines: 'chat-lines-per-second',
} as const
/** A budget's reason. */
export type CustomerBudgetReason = (typeof CUSTOMER_BUDGET_REASON)[keyof typeof CUSTOMER_BUDGET_REASON]
