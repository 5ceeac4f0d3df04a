import { atom, computed } from 'nanostores'
import type { Appointment, Call, MeetingEnded, MeetingJoined, Peer, RecordingsSettings } from '../../protocol'

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

/** The active call as the stores keep it, from a `join` or `rejoin` payload. */
export function fromCall(call: Call, rejoined: boolean): ActiveCall {
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

/** The active meeting as the stores keep it, from a `meeting:join` payload. */
export function fromMeeting(joined: MeetingJoined, rejoined: boolean): ActiveCall {
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

/** The agent is in `active`: a call or meeting that starts, or fresher details of the one on. */
export function setActiveCall(active: ActiveCall): void {
  $call.set(active)
}

/** A hang-up is on its way (true) or over (false). */
export function setHangingUp(hangingUp: boolean): void {
  $hangingUp.set(hangingUp)
}

/** The call or meeting is over for this agent (or abandoned with the session): nothing is active. */
export function clearActiveCall(): void {
  $call.set(null)
  $hangingUp.set(false)
}

/**
 * Publishes how a call or meeting ended, for the element's `agent-call-end` event, and a meeting's
 * appointment as it now is, for the calendar.
 */
export function publishCallEnd(
  end: { id: string; kind: 'call' | 'meeting'; reason: string },
  meeting?: MeetingEnded,
): void {
  $lastCallEnd.set(end)
  if (meeting) $meetingEnded.set(meeting)
}
