import type { LocaleChangeDetail } from './locale-change'
import type { CallEndDetail, CallStartDetail, InboundDetail, InboundEndDetail } from './call-events'
import type { AppointmentDetail, AppointmentRescheduleDetail } from './calendar-events'
import type {
  ConnectionChangeDetail,
  HttpErrorDetail,
  ProtocolErrorDetail,
  SessionChangeDetail,
  StatusChangeDetail,
} from './session-events'

/** Every event an agent element dispatches, for typed `addEventListener` on the host page. */
export interface AgentEventMap {
  'agent-locale-change': CustomEvent<LocaleChangeDetail>
  'agent-session-change': CustomEvent<SessionChangeDetail>
  'agent-status-change': CustomEvent<StatusChangeDetail>
  'agent-connection-change': CustomEvent<ConnectionChangeDetail>
  'agent-http-error': CustomEvent<HttpErrorDetail>
  'agent-protocol-error': CustomEvent<ProtocolErrorDetail>
  'agent-call-start': CustomEvent<CallStartDetail>
  'agent-call-end': CustomEvent<CallEndDetail>
  'agent-inbound': CustomEvent<InboundDetail>
  'agent-inbound-end': CustomEvent<InboundEndDetail>
  'agent-appointment-open': CustomEvent<AppointmentDetail>
  'agent-appointment-book': CustomEvent<AppointmentDetail>
  'agent-appointment-reschedule': CustomEvent<AppointmentRescheduleDetail>
  'agent-appointment-cancel': CustomEvent<AppointmentDetail>
  'agent-appointment-change': CustomEvent<AppointmentDetail>
  'agent-meeting-join': CustomEvent<AppointmentDetail>
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends AgentEventMap {}
}
