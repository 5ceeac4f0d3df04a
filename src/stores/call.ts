import { atom, computed, onMount } from 'nanostores'
import * as v from 'valibot'
import type {
  Appointment,
  Call,
  CallEnd,
  MeetingEnded,
  MeetingJoined,
  Peer,
  RecordingsSettings,
} from '../protocol'
import { SocketRequestError } from '../services/socket'
import { clock, type TimerId } from '../services/clock'
import { registerHangup, setInCall, setInMeeting } from './activity'
import { realtime } from './connection'
import { notify } from './toasts'
import { resetCallView, showCallView } from './call-views'
import { resetChat, startChat } from './chat'
import { resetTags, startTags } from './call-tags'
import { resendComments, resetComments, startComments } from './call-comments'
import { formAllowsHangup, resendForm, resetForm, startForm } from './call-form'
import { resetWaitingRoom, setWaitingRoom } from './waiting-room'
import { resetCustomer, startCustomer } from './call-customer'
import { resetTransfer } from './transfer'
import { resetInvite } from './invite'
import { resetQueueNotify } from './queue-notify'
import { reconnectCallMedia, startCallMedia, stopCallMedia } from './call-media'
import { listenInCall } from './call-events'

/** The call or meeting the agent is in. */
export interface ActiveCall {
  /** A queued call, or a meeting (an appointment joined from the calendar). */
  kind: 'call' | 'meeting'
  /** The call id, or the appointment id of a meeting. */
  id: string
  /** The call as the server gave it (null in a meeting). */
  details: Call | null
  /** The appointment of a meeting (null in a call). */
  appointment: Appointment | null
  /** This agent's id in the signalling relay. */
  peerId: string
  /** Participants present when the agent came in. */
  peers: Peer[]
  /** Signalling token of the call or meeting. */
  accessToken: string
  recordingToken: string
  recordingsSettings: RecordingsSettings
  /** The owner of the call, or an invited guest (meetings: always the owner). */
  role: 'agent' | 'guest'
  /** The agent came back into it after a reload or a reconnect (`rejoin`). */
  rejoined: boolean
}

/** The active call or meeting; null when the agent is in neither. */
export const $call = atom<ActiveCall | null>(null)

/** True in a meeting: the call panel hides transfer and invite, hang-up ends the meeting. */
export const $inMeeting = computed($call, (call) => call?.kind === 'meeting')

/** A hang-up is on its way to the server (the button shows loading). */
export const $hangingUp = atom(false)

/** The last meeting that ended, with its appointment as it now is (the calendar reloads it). */
export const $meetingEnded = atom<MeetingEnded | null>(null)

/** Why the last call ended (`end` → reason), for the element's `agent-call-end` event. */
export const $lastCallEnd = atom<{ id: string; kind: 'call' | 'meeting'; reason: string } | null>(null)

let stopListening: (() => void) | null = null

function fromCall(call: Call, rejoined: boolean): ActiveCall {
  return {
    kind: 'call',
    id: call.id,
    details: call,
    appointment: null,
    peerId: call.peerId,
    peers: call.peers,
    accessToken: call.accessToken,
    recordingToken: call.recordingToken,
    recordingsSettings: call.recordingsSettings,
    role: call.role,
    rejoined,
  }
}

function fromMeeting(joined: MeetingJoined, rejoined: boolean): ActiveCall {
  return {
    kind: 'meeting',
    id: joined.appointment.id,
    details: null,
    appointment: joined.appointment,
    peerId: joined.peerId,
    peers: joined.peers,
    accessToken: joined.accessToken,
    recordingToken: joined.recordingToken,
    recordingsSettings: joined.recordingsSettings,
    role: 'agent',
    rejoined,
  }
}

function begin(active: ActiveCall, messages: Call['messages']): void {
  cleanUp()
  resetCallView()
  startChat(messages, active.peerId)
  stopListening = listenInCall({ id: active.id, meeting: active.kind === 'meeting', endCallSoon })
  $call.set(active)
  setInCall(active.kind === 'call')
  setInMeeting(active.kind === 'meeting')
  void startCallMedia(active.peerId, active.peers)
}

/** Stops every in-call store (no event: `$call` is set or cleared by the caller). */
function cleanUp(): void {
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

/**
 * The agent is in a call (`join`, or the answer's acknowledgement). A second notice of the same call
 * changes nothing.
 */
export function joinCall(call: Call): void {
  if ($call.get()?.id === call.id) return
  begin(fromCall(call, false), call.messages)
  startTags(call.tags, call.selectedTags, call.mandatoryTags)
  startComments(call.comments)
  startForm(call.agentForm, call.agentFormValues)
  startCustomer(call.customerName, call.customerConnected, call.customerPermissions)
}

/**
 * Back in a call after a reload or a reconnect (`rejoin`). With no call active, the agent lands in it;
 * in that same call, the media reconnects and what the agent typed meanwhile is sent again; a
 * rejoin of another call while one is active is ignored (SPEC §4 step 4).
 */
export function rejoinCall(call: Call): void {
  const active = $call.get()
  if (active && active.id !== call.id) return
  if (!active) {
    begin(fromCall(call, true), call.messages)
    startTags(call.tags, call.selectedTags, call.mandatoryTags)
    startComments(call.comments)
    startForm(call.agentForm, call.agentFormValues)
    startCustomer(call.customerName, call.customerConnected, call.customerPermissions)
    return
  }
  $call.set({ ...fromCall(call, true) })
  startComments(call.comments, { keepTyped: true })
  startForm(call.agentForm, call.agentFormValues, { keepTyped: true })
  startCustomer(call.customerName, call.customerConnected, call.customerPermissions)
  resendComments()
  resendForm()
  reconnectCallMedia(call.peerId, call.peers)
}

/**
 * Opens a meeting the agent joined from the calendar (the `meeting:join` reply). Calling it again for
 * the same appointment (the server also emits `meeting:join`, and again after a reconnect) reconnects
 * the media instead of starting over.
 *
 * @example
 * const joined = await realtime().request('meeting:join', { appointment: id }, MeetingJoinedSchema)
 * startMeeting(joined)
 */
export function startMeeting(joined: MeetingJoined): void {
  const active = $call.get()
  if (active?.kind === 'meeting' && active.id === joined.appointment.id) {
    $call.set({ ...fromMeeting(joined, true) })
    setWaitingRoom(joined.pendingAuthorizations)
    reconnectCallMedia(joined.peerId, joined.peers)
    return
  }
  if (active) return
  begin(fromMeeting(joined, false), joined.messages)
  setWaitingRoom(joined.pendingAuthorizations)
}

/** The call is over for this agent (`end`, or a hang-up acknowledged): every call store is cleaned. */
export function endCall(end: Pick<CallEnd, 'callId' | 'reason'>): void {
  const active = $call.get()
  if (!active || active.kind !== 'call' || active.id !== end.callId) return
  cleanUp()
  $call.set(null)
  setInCall(false)
  $lastCallEnd.set({ id: active.id, kind: 'call', reason: end.reason })
}

/** The meeting is over for everybody (`meeting:ended`): cleaned, and its appointment published. */
export function endMeeting(ended: MeetingEnded): void {
  const active = $call.get()
  if (!active || active.kind !== 'meeting' || active.id !== ended.appointmentId) return
  cleanUp()
  $call.set(null)
  setInMeeting(false)
  $lastCallEnd.set({ id: active.id, kind: 'meeting', reason: 'hangup' })
  $meetingEnded.set(ended)
}

let endTimer: TimerId | undefined

/** Forgets the call without telling the server (the session ended): media and every call store stop. */
export function abandonCall(): void {
  if (!$call.get()) return
  cleanUp()
  $call.set(null)
  setInCall(false)
  setInMeeting(false)
}

/** Ends the call after `ms` unless it ended before (a transfer to a segment: SPEC §4, 10 s). */
function endCallSoon(callId: string, ms: number): void {
  clock.clearTimeout(endTimer)
  endTimer = clock.setTimeout(() => endCall({ callId, reason: 'transferred' }), ms)
}

/** What a hang-up came to. */
export type HangupOutcome = 'ended' | 'blocked' | 'refused' | 'none'

/** The message of a refused hang-up: the first error code's translation (mandatoryTags), else the plain message. */
type RefusedHangup = { message: string; errors?: readonly { code: string; message: string }[] | undefined }

function showHangupError(error: RefusedHangup): void {
  const first = error.errors?.[0]
  if (first?.code === 'mandatoryTags')
    notify({ variant: 'warning', messageId: 'call.hangup.mandatoryTags', key: 'hangup' })
  else
    notify({
      variant: 'warning',
      messageId: 'call.hangup.error',
      values: { message: first?.message ?? error.message },
      key: 'hangup',
    })
}

/**
 * Hangs up: blocked while the agent form is invalid (the warning of SPEC §5 and the form view open);
 * in a meeting `meeting:hangup`, else `hangup`. A refusal of the server shows its first error.
 *
 * @example
 * if ((await hangUp()) === 'ended') console.log('bye')
 */
export async function hangUp(status?: string): Promise<HangupOutcome> {
  const active = $call.get()
  if (!active || $hangingUp.get()) return 'none'
  if (active.kind === 'call' && !formAllowsHangup()) {
    notify({ variant: 'warning', messageId: 'call.hangup.formInvalid', key: 'hangup' })
    showCallView('agent-form')
    return 'blocked'
  }
  $hangingUp.set(true)
  const payload = status ? { status } : {}
  try {
    if (active.kind === 'meeting') await realtime().request('meeting:hangup', payload, v.null())
    else await realtime().request('hangup', payload, v.null())
  } catch (error) {
    $hangingUp.set(false)
    if (error instanceof SocketRequestError) showHangupError(error)
    else notify({ variant: 'danger', messageId: 'call.hangup.error', values: { message: String(error) } })
    return 'refused'
  }
  // `end` / `meeting:ended` normally came first; a meeting waits for its `meeting:ended` (it carries the appointment).
  if (active.kind === 'call') endCall({ callId: active.id, reason: 'hangup' })
  $hangingUp.set(false)
  return 'ended'
}

/** A hang-up refused without an acknowledgement (`hangup:error`, `meeting:hangup:error`). */
export function hangupRefused(error: RefusedHangup): void {
  $hangingUp.set(false)
  if ($call.get()) showHangupError(error)
}

// The session hangs up through this before a status change (SPEC §4).
registerHangup(async () => {
  const outcome = await hangUp()
  if (outcome === 'blocked' || outcome === 'refused') throw new Error(`hang-up ${outcome}`)
})

onMount($call, () => {
  const socket = realtime()
  const stops = [
    socket.on('join', joinCall),
    socket.on('rejoin', rejoinCall),
    socket.on('end', endCall),
    socket.on('meeting:join', startMeeting),
    socket.on('meeting:ended', endMeeting),
    socket.on('hangup:error', hangupRefused),
    socket.on('meeting:hangup:error', hangupRefused),
  ]
  return () => stops.forEach((stop) => stop())
})
