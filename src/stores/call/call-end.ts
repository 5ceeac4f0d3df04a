import type { AgentAuthenticated, CallEnd, MeetingEnded } from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { setInCall, setInMeeting } from '../status/activity'
import { notify } from '../app/toasts'
import { $call, clearActiveCall, publishCallEnd, setHangingUp } from './call-state'
import { resetCallView } from './call-views'
import { clearDrafts } from './call-drafts'
import { runCallCleanups } from './call-scope'

let stopListening: (() => void) | null = null
let endTimer: TimerId | undefined

/** Keeps the stop of the listeners of the call that starts; the end of the call runs it. */
export function keepInCallListeners(stop: () => void): void {
  stopListening = stop
}

/** Stops every in-call store (each registered its reset with `onCallCleanup`), the listeners and the view. */
export function cleanUpCall(): void {
  clock.clearTimeout(endTimer)
  stopListening?.()
  stopListening = null
  runCallCleanups()
  resetCallView()
  setHangingUp(false)
}

/** The call is over for this agent (`end`, or a hang-up acknowledged): every call store is cleaned. */
export function endCall(end: Pick<CallEnd, 'callId' | 'reason'>): void {
  const active = $call.get()
  if (!active || active.kind !== 'call' || active.id !== end.callId) return
  cleanUpCall()
  clearDrafts(active.id)
  clearActiveCall()
  setInCall(false)
  publishCallEnd({ id: active.id, kind: 'call', reason: end.reason })
}

/** Ends the call after `ms` unless it ended before (a transfer to a segment: SPEC §4, 10 s). */
export function endCallLater(callId: string, ms: number): void {
  clock.clearTimeout(endTimer)
  endTimer = clock.setTimeout(() => endCall({ callId, reason: 'transferred' }), ms)
}

/** The meeting is over for everybody (`meeting:ended`): cleaned, and its appointment published. */
export function endMeeting(ended: MeetingEnded): void {
  const active = $call.get()
  if (!active || active.kind !== 'meeting' || active.id !== ended.appointmentId) return
  cleanUpCall()
  clearDrafts(active.id)
  clearActiveCall()
  setInMeeting(false)
  publishCallEnd({ id: active.id, kind: 'meeting', reason: 'hangup' }, ended)
}

/**
 * The server introduced the agent again (`agent:authenticated`, after a reconnect) outside the call or
 * meeting on screen: it ended while the link was down (its `end` went to the dropped socket, or the
 * agent's grace ran out). It closes here, and the agent is told why, instead of staying in a call that
 * is no more.
 */
export function endIfLeftWhileAway(where: Pick<AgentAuthenticated, 'callId' | 'appointmentId'>): void {
  const active = $call.get()
  if (!active || (active.kind === 'call' ? where.callId : where.appointmentId) === active.id) return
  cleanUpCall()
  clearDrafts(active.id)
  clearActiveCall()
  setInCall(false)
  setInMeeting(false)
  publishCallEnd({ id: active.id, kind: active.kind, reason: 'disconnected' })
  notify({ variant: 'warning', messageId: 'call.endedWhileAway', values: { kind: active.kind } })
}

/** Forgets the call without telling the server (the session ended): media and every call store stop. */
export function abandonCall(): void {
  if (!$call.get()) return
  cleanUpCall()
  clearActiveCall()
  setInCall(false)
  setInMeeting(false)
}
