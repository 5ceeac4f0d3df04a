import { $call, $lastCallEnd } from '../../stores/call/call'
import { $inbound, $lastRingEnd } from '../../stores/inbound/inbound'
import type { ElementEventSource } from '../element-types'

/** Detail of `agent-call-start`. */
export interface CallStartDetail {
  /** The call id, or the appointment id of a meeting. */
  callId: string
  kind: 'call' | 'meeting'
  /** True when the agent came back into it (reload, reconnect). */
  rejoined: boolean
}

/** Detail of `agent-call-end`. */
export interface CallEndDetail {
  callId: string
  kind: 'call' | 'meeting'
  /** Why it ended (`hangup`, `transferred`, `customer-gone`…; `disconnected`: while the link was down). */
  reason: string
}

/** Detail of `agent-inbound`: a call started ringing. */
export interface InboundDetail {
  callId: string
  /** `inbound`, `transferred` or `invited`. */
  kind: string
  segment: string
  /** VIP. */
  priority: boolean
}

/** Detail of `agent-inbound-end`: the ring ended. */
export interface InboundEndDetail {
  callId: string
  /** `answered`, `dismissed`, `timeout`, `exceeded`, `customer-left`, `answer-error`, `disconnected`. */
  reason: string
}

/** Fires `agent-call-start` when a call or meeting starts and `agent-call-end` when it ends. */
export const callLifecycle: ElementEventSource = (emit) => {
  let current = $call.get()?.id ?? null
  const stops = [
    $call.listen((call) => {
      if (call && call.id !== current)
        emit('agent-call-start', {
          callId: call.id,
          kind: call.kind,
          rejoined: call.rejoined,
        } satisfies CallStartDetail)
      current = call?.id ?? null
    }),
    $lastCallEnd.listen((end) => {
      if (end)
        emit('agent-call-end', { callId: end.id, kind: end.kind, reason: end.reason } satisfies CallEndDetail)
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/** Fires `agent-inbound` when a call rings and `agent-inbound-end` when the ring ends. */
export const inboundLifecycle: ElementEventSource = (emit) => {
  let ringingId = $inbound.get()?.call.id ?? null
  const stops = [
    $inbound.listen((ringing) => {
      if (ringing && ringing.call.id !== ringingId)
        emit('agent-inbound', {
          callId: ringing.call.id,
          kind: ringing.call.kind,
          segment: ringing.call.segment.name,
          priority: ringing.call.priority,
        } satisfies InboundDetail)
      ringingId = ringing?.call.id ?? null
    }),
    $lastRingEnd.listen((end) => {
      if (end)
        emit('agent-inbound-end', { callId: end.callId, reason: end.reason } satisfies InboundEndDetail)
    }),
  ]
  return () => stops.forEach((stop) => stop())
}
