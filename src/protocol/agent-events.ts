import * as v from 'valibot'
import { EmptySchema, ErrorReplySchema, type Ack, type Empty, type ErrorReply } from './common'
import {
  AuthenticateErrorSchema,
  AuthenticateSchema,
  AuthenticatedSchema,
  ForcedDisconnectSchema,
  ServerDrainingSchema,
  type Authenticate,
  type AuthenticateError,
  type Authenticated,
  type ForcedDisconnect,
  type ServerDraining,
} from './auth'
import {
  AgentAuthenticatedSchema,
  AgentStatusUpdateSchema,
  ChangeStatusSchema,
  type AgentAuthenticated,
  type AgentStatusUpdate,
  type ChangeStatus,
} from './agent-status'
import {
  NotificationsReadSchema,
  NotificationsUpdateSchema,
  type NotificationsRead,
  type NotificationsUpdate,
} from './notifications'
import { ConsoleSettingsSchema, type ConsoleSettings } from './settings'
import { AppCommandSchema, AppReportSchema, type AppCommand, type AppReport } from './apps'
import {
  AnnouncementNewSchema,
  AnnouncementsUnreadSchema,
  type AnnouncementNew,
  type AnnouncementsUnread,
} from './announcements'
import {
  AnswerErrorSchema,
  CallEndSchema,
  CallRefSchema,
  CallSchema,
  CustomerCallEventSchema,
  CustomerDisconnectSchema,
  CustomerPermissionsSchema,
  HangupSchema,
  InboundCallSchema,
  RingEndSchema,
  type AnswerError,
  type Call,
  type CallEnd,
  type CallRef,
  type CustomerCallEvent,
  type CustomerDisconnect,
  type CustomerPermissions,
  type Hangup,
  type InboundCall,
  type RingEnd,
} from './calls'
import {
  InviteAgentSchema,
  InviteErrorSchema,
  InviteSuccessSchema,
  InvitedHangupSchema,
  TransferErrorSchema,
  TransferSuccessSchema,
  TransferToAgentSchema,
  TransferToSegmentSchema,
  type InviteAgent,
  type InviteError,
  type InviteSuccess,
  type InvitedHangup,
  type TransferError,
  type TransferSuccess,
  type TransferToAgent,
  type TransferToSegment,
} from './transfer'
import {
  BeamportSchema,
  CommentsSchema,
  CommentsUpdatedSchema,
  ExchangeSchema,
  FormUpdateSchema,
  RecordingActionResultSchema,
  RecordingActionSchema,
  SetTagsSchema,
  type Beamport,
  type Comments,
  type CommentsUpdated,
  type Exchange,
  type FormUpdate,
  type RecordingAction,
  type RecordingActionResult,
  type SetTags,
} from './call-tools'
import { ChatMessageSchema, ChatSendSchema, type ChatMessage, type ChatSend } from './chat'
import {
  PeerJoinSchema,
  PeerLeaveSchema,
  SignalInSchema,
  SignalOutSchema,
  type PeerJoin,
  type PeerLeave,
  type SignalIn,
  type SignalOut,
} from './signalling'
import {
  AppointmentMeetingSchema,
  AppointmentNotificationSchema,
  AppointmentRefSchema,
  AppointmentReplySchema,
  AppointmentsFindSchema,
  AppointmentsFoundSchema,
  AppointmentsPatchSchema,
  AppointmentsRemoveSchema,
  CalendarServicesSchema,
  type AppointmentMeeting,
  type AppointmentNotification,
  type AppointmentRef,
  type AppointmentReply,
  type AppointmentsFind,
  type AppointmentsFound,
  type AppointmentsPatch,
  type AppointmentsRemove,
  type CalendarServices,
} from './appointments'
import { CustomerChangeSchema, type CustomerChange } from './customer-appointments'
import {
  MeetingAuthorizationSchema,
  MeetingEndedSchema,
  MeetingHangupSchema,
  MeetingJoinSchema,
  MeetingJoinedSchema,
  PendingAuthorizationsSchema,
  type MeetingAuthorization,
  type MeetingEnded,
  type MeetingHangup,
  type MeetingJoin,
  type MeetingJoined,
  type PendingAuthorizations,
} from './meetings'
import { ProtocolErrorSchema, type ProtocolError } from './protocol-error'
import { CallQualityReportSchema, IceConfigSchema, type CallQualityReport, type IceConfig } from './ice'

/**
 * Events the console sends on `/ws` (SPEC §7 "Emitted by the console", plus the signalling relay and
 * chat). Every payload is an object, `{}` when empty. Every event accepts an optional ack callback as
 * its last argument; the server calls it once with a `Reply` (`{ ok: true, data }` or
 * `{ ok: false, error }`). Without an ack, a refusal arrives as `protocol:error`. Only `authenticate`
 * is accepted before authentication.
 */
export interface ClientToServerEvents {
  authenticate: (payload: Authenticate, ack?: Ack<Authenticated>) => void
  'notification:request': (payload: Empty, ack?: Ack<NotificationsUpdate>) => void
  'notifications:read': (payload: NotificationsRead, ack?: Ack<NotificationsUpdate>) => void
  status: (payload: ChangeStatus, ack?: Ack<AgentStatusUpdate>) => void
  'change:status': (payload: ChangeStatus, ack?: Ack<AgentStatusUpdate>) => void
  answer: (payload: CallRef, ack?: Ack<Call>) => void
  dismiss: (payload: CallRef, ack?: Ack) => void
  hangup: (payload: Hangup, ack?: Ack) => void
  'call:transfer:agent': (payload: TransferToAgent, ack?: Ack) => void
  'call:transfer:segment': (payload: TransferToSegment, ack?: Ack) => void
  'call:invite:agent': (payload: InviteAgent, ack?: Ack) => void
  comments: (payload: Comments, ack?: Ack<CommentsUpdated>) => void
  'set:tags': (payload: SetTags, ack?: Ack<SetTags>) => void
  'form:update': (payload: FormUpdate, ack?: Ack) => void
  'qms:notify': (payload: Empty, ack?: Ack) => void
  'apps:message': (payload: AppCommand, ack?: Ack) => void
  'beamport:open': (payload: Beamport, ack?: Ack) => void
  'capture:shot': (payload: Empty, ack?: Ack) => void
  kick: (payload: Empty, ack?: Ack) => void
  recording: (payload: RecordingAction, ack?: Ack<RecordingActionResult>) => void
  'exchange:customer': (payload: Exchange, ack?: Ack) => void
  'chat:message': (payload: ChatSend, ack?: Ack<ChatMessage>) => void
  signal: (payload: SignalOut, ack?: Ack) => void
  'calendar:services': (payload: Empty, ack?: Ack<CalendarServices>) => void
  'appointments:check': (payload: Empty, ack?: Ack) => void
  'appointments:find': (payload: AppointmentsFind, ack?: Ack<AppointmentsFound>) => void
  'appointments:get': (payload: AppointmentRef, ack?: Ack<AppointmentReply>) => void
  'appointments:patch': (payload: AppointmentsPatch, ack?: Ack<AppointmentReply>) => void
  'appointments:remove': (payload: AppointmentsRemove, ack?: Ack<AppointmentReply>) => void
  'meeting:join': (payload: MeetingJoin, ack?: Ack<MeetingJoined>) => void
  'meeting:hangup': (payload: MeetingHangup, ack?: Ack) => void
  'meeting:accept': (payload: MeetingAuthorization, ack?: Ack<PendingAuthorizations>) => void
  'meeting:deny': (payload: MeetingAuthorization, ack?: Ack<PendingAuthorizations>) => void
  /** ICE servers and policy for this session's media, with fresh TURN credentials. */
  'ice:servers': (payload: Empty, ack?: Ack<IceConfig>) => void
  /** The media quality summary of a call that ended (the console sends it once). */
  'call:quality': (payload: CallQualityReport, ack?: Ack) => void
}

/** Validators of what the console sends, by event: the server checks every payload with these. */
export const clientEventSchemas = {
  authenticate: AuthenticateSchema,
  'notification:request': EmptySchema,
  'notifications:read': NotificationsReadSchema,
  status: ChangeStatusSchema,
  'change:status': ChangeStatusSchema,
  answer: CallRefSchema,
  dismiss: CallRefSchema,
  hangup: v.optional(HangupSchema, {}),
  'call:transfer:agent': TransferToAgentSchema,
  'call:transfer:segment': TransferToSegmentSchema,
  'call:invite:agent': InviteAgentSchema,
  comments: CommentsSchema,
  'set:tags': SetTagsSchema,
  'form:update': FormUpdateSchema,
  'qms:notify': EmptySchema,
  'apps:message': AppCommandSchema,
  'beamport:open': BeamportSchema,
  'capture:shot': EmptySchema,
  kick: EmptySchema,
  recording: RecordingActionSchema,
  'exchange:customer': ExchangeSchema,
  'chat:message': ChatSendSchema,
  signal: SignalOutSchema,
  'calendar:services': EmptySchema,
  'appointments:check': EmptySchema,
  'appointments:find': AppointmentsFindSchema,
  'appointments:get': AppointmentRefSchema,
  'appointments:patch': AppointmentsPatchSchema,
  'appointments:remove': AppointmentsRemoveSchema,
  'meeting:join': MeetingJoinSchema,
  'meeting:hangup': v.optional(MeetingHangupSchema, {}),
  'meeting:accept': MeetingAuthorizationSchema,
  'meeting:deny': MeetingAuthorizationSchema,
  'ice:servers': EmptySchema,
  'call:quality': CallQualityReportSchema,
} as const satisfies { [E in keyof ClientToServerEvents]: v.GenericSchema }

/**
 * Validators of the ack data of each client event (what `{ ok: true, data }` carries); wrap with
 * `replySchema(...)` to check a whole reply.
 */
export const clientEventReplySchemas = {
  authenticate: AuthenticatedSchema,
  'notification:request': NotificationsUpdateSchema,
  'notifications:read': NotificationsUpdateSchema,
  status: AgentStatusUpdateSchema,
  'change:status': AgentStatusUpdateSchema,
  answer: CallSchema,
  dismiss: v.null(),
  hangup: v.null(),
  'call:transfer:agent': v.null(),
  'call:transfer:segment': v.null(),
  'call:invite:agent': v.null(),
  comments: CommentsUpdatedSchema,
  'set:tags': SetTagsSchema,
  'form:update': v.null(),
  'qms:notify': v.null(),
  'apps:message': v.null(),
  'beamport:open': v.null(),
  'capture:shot': v.null(),
  kick: v.null(),
  recording: RecordingActionResultSchema,
  'exchange:customer': v.null(),
  'chat:message': ChatMessageSchema,
  signal: v.null(),
  'calendar:services': CalendarServicesSchema,
  'appointments:check': v.null(),
  'appointments:find': AppointmentsFoundSchema,
  'appointments:get': AppointmentReplySchema,
  'appointments:patch': AppointmentReplySchema,
  'appointments:remove': AppointmentReplySchema,
  'meeting:join': MeetingJoinedSchema,
  'meeting:hangup': v.null(),
  'meeting:accept': PendingAuthorizationsSchema,
  'meeting:deny': PendingAuthorizationsSchema,
  'ice:servers': IceConfigSchema,
  'call:quality': v.null(),
} as const satisfies { [E in keyof ClientToServerEvents]: v.GenericSchema }

/** Events the server sends to a console on `/ws` (SPEC §7 "Received", plus relay, chat and outcomes). */
export interface ServerToClientEvents {
  authenticate: (payload: Authenticated) => void
  'authenticate:error': (payload: AuthenticateError) => void
  'forced:disconnect': (payload: ForcedDisconnect) => void
  'server:draining': (payload: ServerDraining) => void
  'agent:authenticated': (payload: AgentAuthenticated) => void
  'console:settings': (payload: ConsoleSettings) => void
  'notifications:update': (payload: NotificationsUpdate) => void
  /** A supervisor posted an announcement (the agent also gets a notification of it). */
  'announcement:new': (payload: AnnouncementNew) => void
  /** The agent's unread announcements changed (read in another tab or socket). */
  'announcements:update': (payload: AnnouncementsUnread) => void
  'agent:status:update': (payload: AgentStatusUpdate) => void
  inbound: (payload: InboundCall) => void
  invited: (payload: InboundCall) => void
  transferred: (payload: InboundCall) => void
  'agent:call:timeout': (payload: RingEnd) => void
  exceed: (payload: RingEnd) => void
  join: (payload: Call) => void
  rejoin: (payload: Call) => void
  end: (payload: CallEnd) => void
  'answer:error': (payload: AnswerError) => void
  'hangup:error': (payload: ErrorReply) => void
  'customer:join': (payload: CustomerCallEvent) => void
  'customer:timeout': (payload: CustomerCallEvent) => void
  'customer:hangup': (payload: CustomerCallEvent) => void
  'customer:disconnect:queue': (payload: CustomerDisconnect) => void
  'customer:disconnect:call': (payload: CustomerDisconnect) => void
  'customer:permissions': (payload: CustomerPermissions) => void
  'call:transfer:success': (payload: TransferSuccess) => void
  'call:transfer:error': (payload: TransferError) => void
  'call:invite:success': (payload: InviteSuccess) => void
  'call:invite:error': (payload: InviteError) => void
  'invited:hangup': (payload: InvitedHangup) => void
  'comments:updated': (payload: CommentsUpdated) => void
  /** Legacy alias of `comments:updated`; the reference server never sends it. */
  comments_updated: (payload: CommentsUpdated) => void
  'apps:message': (payload: AppReport) => void
  'beamport:create': (payload: Beamport) => void
  'chat:message': (payload: ChatMessage) => void
  signal: (payload: SignalIn) => void
  'peer:join': (payload: PeerJoin) => void
  'peer:leave': (payload: PeerLeave) => void
  'calendar:services': (payload: CalendarServices) => void
  'appointments:find': (payload: AppointmentsFound) => void
  'appointments:get': (payload: AppointmentReply) => void
  'appointments:notification:new': (payload: AppointmentNotification) => void
  'appointments:meeting': (payload: AppointmentMeeting) => void
  'appointments:customer-change': (payload: CustomerChange) => void
  'meeting:join': (payload: MeetingJoined) => void
  'meeting:ended': (payload: MeetingEnded) => void
  'meeting:hangup:error': (payload: ErrorReply) => void
  'meeting:pending:authorizations': (payload: PendingAuthorizations) => void
  'protocol:error': (payload: ProtocolError) => void
}

/** Validators of what the server sends, by event: the console checks what it receives with these. */
export const serverEventSchemas = {
  authenticate: AuthenticatedSchema,
  'authenticate:error': AuthenticateErrorSchema,
  'forced:disconnect': ForcedDisconnectSchema,
  'server:draining': ServerDrainingSchema,
  'agent:authenticated': AgentAuthenticatedSchema,
  'console:settings': ConsoleSettingsSchema,
  'notifications:update': NotificationsUpdateSchema,
  'announcement:new': AnnouncementNewSchema,
  'announcements:update': AnnouncementsUnreadSchema,
  'agent:status:update': AgentStatusUpdateSchema,
  inbound: InboundCallSchema,
  invited: InboundCallSchema,
  transferred: InboundCallSchema,
  'agent:call:timeout': RingEndSchema,
  exceed: RingEndSchema,
  join: CallSchema,
  rejoin: CallSchema,
  end: CallEndSchema,
  'answer:error': AnswerErrorSchema,
  'hangup:error': ErrorReplySchema,
  'customer:join': CustomerCallEventSchema,
  'customer:timeout': CustomerCallEventSchema,
  'customer:hangup': CustomerCallEventSchema,
  'customer:disconnect:queue': CustomerDisconnectSchema,
  'customer:disconnect:call': CustomerDisconnectSchema,
  'customer:permissions': CustomerPermissionsSchema,
  'call:transfer:success': TransferSuccessSchema,
  'call:transfer:error': TransferErrorSchema,
  'call:invite:success': InviteSuccessSchema,
  'call:invite:error': InviteErrorSchema,
  'invited:hangup': InvitedHangupSchema,
  'comments:updated': CommentsUpdatedSchema,
  comments_updated: CommentsUpdatedSchema,
  'apps:message': AppReportSchema,
  'beamport:create': BeamportSchema,
  'chat:message': ChatMessageSchema,
  signal: SignalInSchema,
  'peer:join': PeerJoinSchema,
  'peer:leave': PeerLeaveSchema,
  'calendar:services': CalendarServicesSchema,
  'appointments:find': AppointmentsFoundSchema,
  'appointments:get': AppointmentReplySchema,
  'appointments:notification:new': AppointmentNotificationSchema,
  'appointments:meeting': AppointmentMeetingSchema,
  'appointments:customer-change': CustomerChangeSchema,
  'meeting:join': MeetingJoinedSchema,
  'meeting:ended': MeetingEndedSchema,
  'meeting:hangup:error': ErrorReplySchema,
  'meeting:pending:authorizations': PendingAuthorizationsSchema,
  'protocol:error': ProtocolErrorSchema,
} as const satisfies { [E in keyof ServerToClientEvents]: v.GenericSchema }

/** Names of the events the console sends. */
export type ClientEventName = keyof ClientToServerEvents
/** Names of the events the server sends to a console. */
export type ServerEventName = keyof ServerToClientEvents
/** The payload type of a server event. */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0]
/** The payload type of a client event. */
export type ClientEventPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0]
