import type { CallEnd, MeetingEnded } from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { setInCall, setInMeeting } from '../status/activity'
import { $call, $hangingUp, $lastCallEnd, $meetingEnded } from './call-state'
import { resetCallView } from './call-views'
import { resetChat } from './chat'
import { resetTags } from './call-tags'
import { resetComments } from './call-comments'
import { resetForm } from './call-form'
import { resetWaitingRoom } from './waiting-room'
import { resetCustomer } from './call-customer'
import { resetTransfer } from './transfer'
import { resetInvite } from './invite'
import { resetQueueNotify } from './queue-notify'
import { stopCallMedia } from './call-media'
import { clearDrafts } from './call-drafts'

let stopListening: (() => void) | null = null
let endTimer: TimerId | undefined

/** Keeps the stop of the listeners of the call that starts; the end of the call runs it. */
export function keepInCallListeners(stop: () => void): void {
  stopListening = stop
}

/** Stops every in-call store: listeners, media, chat, tags, comments, form, dialogs, views. */
export function cleanUpCall(): void {
  clock.clearTimeout(endTimer)
  stopListening?.()
  stopListening = null
  stopCallMedia()
  resetChat()
  resetTags()
  resetComments()
  resetForm()
  resetWaitingRoom()
  resetCustomer()
  resetTransfer()
  resetInvite()
  resetQueueNotify()
  resetCallView()
  $hangingUp.set(false)
}

/** The call is over for this agent (`end`, or a hang-up acknowledged): every call store is cleaned. */
export function endCall(end: Pick<CallEnd, 'callId' | 'reason'>): void {
  const active = $call.get()
  if (!active || active.kind !== 'call' || active.id !== end.callId) return
  cleanUpCall()
  clearDrafts(active.id)
  $call.set(null)
  setInCall(false)
  $lastCallEnd.set({ id: active.id, kind: 'call', reason: end.reason })
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
  $call.set(null)
  setInMeeting(false)
  $lastCallEnd.set({ id: active.id, kind: 'meeting', reason: 'hangup' })
  $meetingEnded.set(ended)
}

/** Forgets the call without telling the server (the session ended): media and every call store stop. */
export function abandonCall(): void {
  if (!$call.get()) return
  cleanUpCall()
  $call.set(null)
  setInCall(false)
  setInMeeting(false)
}
