import { computed } from 'nanostores'
import { $agentStatus } from '../../stores/status/agent'
import { $httpError } from '../../stores/session/connection'
import { $protocolError } from '../../stores/session/protocol-errors'
import { $link } from '../../stores/session/link-state'
import { $signedIn, $userId } from '../../stores/session/session'
import type { ElementEventSource } from '../element-types'

/** Detail of `agent-session-change`: an agent signed in or the session ended. */
export interface SessionChangeDetail {
  signedIn: boolean
  /** The signed-in user's id, null when signed out. */
  userId: string | null
}

/** Detail of `agent-status-change`: the agent's status as the server confirmed it. */
export interface StatusChangeDetail {
  /** The status id (`available`, `break`, an account's own…). */
  status: string
  online: boolean
  available: boolean
  inCall: boolean
}

/** Detail of `agent-connection-change`: the realtime link's state. */
export interface ConnectionChangeDetail {
  state: 'idle' | 'connecting' | 'online' | 'reconnecting' | 'duplicated' | 'forced'
  /** The reconnection attempt (0 when online). */
  attempt: number
  /** Why the link dropped, while reconnecting. */
  code: string | null
}

/** Detail of `agent-http-error`: a token verification or renewal failed (SPEC §7). */
export interface HttpErrorDetail {
  status: number
  message: string
}

const $session = computed([$signedIn, $userId], (signedIn, userId) => ({ signedIn, userId }))

/** Fires `agent-session-change` when an agent signs in or the session ends. */
export const sessionChange: ElementEventSource = (emit) =>
  $session.listen((detail) => emit('agent-session-change', detail satisfies SessionChangeDetail))

/** Fires `agent-status-change` when the server confirms a new status. */
export const statusChange: ElementEventSource = (emit) =>
  $agentStatus.listen((status) => emit('agent-status-change', { ...status } satisfies StatusChangeDetail))

/** Fires `agent-connection-change` when the realtime link changes state. */
export const connectionChange: ElementEventSource = (emit) =>
  $link.listen((link) => emit('agent-connection-change', { ...link } satisfies ConnectionChangeDetail))

/** Fires `agent-http-error` when a token verification or renewal fails. */
export const httpError: ElementEventSource = (emit) =>
  $httpError.listen((error) => {
    if (error)
      emit('agent-http-error', { status: error.status, message: error.message } satisfies HttpErrorDetail)
  })

/** Detail of `agent-protocol-error`: the server sent a message that breaks the contract; the console dropped it. */
export interface ProtocolErrorDetail {
  /** The server event (`console:settings`, `inbound`…), or the client event whose acknowledgement was malformed. */
  event: string
  /** `event` for a pushed event, `reply` for an acknowledgement. */
  kind: 'event' | 'reply'
  /** Dotted path of the field at fault (`pageSize`, `data.customerPermissions`), `(payload)` for the whole message. */
  field: string
  /** `missing`, or what is wrong with the value. */
  reason: string
}

/** Fires `agent-protocol-error` when the console drops a server message that breaks the contract. */
export const protocolError: ElementEventSource = (emit) =>
  $protocolError.listen((error) => {
    if (error)
      emit('agent-protocol-error', {
        event: error.event,
        kind: error.kind,
        field: error.field,
        reason: error.reason,
      } satisfies ProtocolErrorDetail)
  })
