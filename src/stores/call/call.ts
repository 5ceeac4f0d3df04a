import { onMount } from 'nanostores'
import { SEGMENT_TRANSFER_END_MS } from '../../constants'
import type { Call, MeetingJoined, TransferSuccess } from '../../protocol'
import { clock } from '../../services/clock'
import { HangupKept, registerHangup, setInCall, setInMeeting } from '../status/activity'
import { realtime } from '../session/connection'
import { $call, fromCall, fromMeeting, setActiveCall, type ActiveCall } from './call-state'
import {
  cleanUpCall,
  endCall,
  endCallLater,
  endIfLeftWhileAway,
  endMeeting,
  keepInCallListeners,
} from './call-end'
import { hangUp, hangupRefused } from './call-hangup'
import { resetCallView } from './call-views'
import { editChatDraft, startChat } from './chat'
import { rejoinTags, startTags } from './call-tags'
import { editComments, resendComments, startComments } from './call-comments'
import { editFormField, resendForm, startForm } from './call-form'
import { takeDrafts } from './call-drafts'
import { setWaitingRoom } from './waiting-room'
import { startCustomer } from './call-customer'
import { transferFailed, transferSucceeded } from './transfer'
import { inviteFailed, inviteSucceeded } from './invite'
import { reconnectCallMedia, startCallMedia } from './call-media'
import { listenInCall } from './call-events'
import { reconnectBeamports, startBeamports } from './beamport'
import { filesExchangeEvents } from './files'
import { captureExchangeEvents } from './capture'
import { recordAutomatically } from './recording'
import { startMediaQuality } from './media-quality'

// The call store's public face: its state, lifecycle and hang-up, wherever they live.
export { $call, $hangingUp, $inMeeting, $lastCallEnd, $meetingEnded, type ActiveCall } from './call-state'
export { abandonCall, endCall, endMeeting } from './call-end'
export { hangUp, hangupRefused, type HangupOutcome } from './call-hangup'

function begin(active: ActiveCall, messages: Call['messages']): void {
  cleanUpCall()
  resetCallView()
  startChat(messages, active.peerId)
  keepInCallListeners(listenInCall({ id: active.id, meeting: active.kind === 'meeting' }))
  setActiveCall(active)
  setInCall(active.kind === 'call')
  setInMeeting(active.kind === 'meeting')
  // Automatic recording starts as soon as the call joins, with the agent's camera and microphone open.
  void startCallMedia(active.peerId, active.peers).then(() => recordAutomatically(active))
  startBeamports({ files: filesExchangeEvents, capture: captureExchangeEvents })
  // Setup time runs from here (the answer or the join); after a reload the setup was not seen here.
  startMediaQuality({ callId: active.id, startedAt: active.rejoined ? null : clock.now() })
}

function takeCallTools(call: Call, keepTyped: boolean): void {
  if (keepTyped) rejoinTags(call.tags, call.selectedTags, call.mandatoryTags)
  else startTags(call.tags, call.selectedTags, call.mandatoryTags)
  startComments(call.comments, { keepTyped })
  startForm(call.agentForm, call.agentFormValues, { keepTyped })
  startCustomer(
    call.id,
    call.customerName,
    call.customerConnected,
    call.customerPermissions,
    call.customerGone,
  )
}

/** A reload within the save debounce left drafts: they go in again and are sent; a chat line is back in its field. */
function restoreDrafts(call: Call): void {
  const drafts = takeDrafts(call.id)
  if (drafts.chat) editChatDraft(drafts.chat)
  if (drafts.comments !== null && drafts.comments !== call.comments) editComments(drafts.comments)
  if (drafts.form && call.agentForm)
    for (const [name, value] of Object.entries(drafts.form))
      if (JSON.stringify(call.agentFormValues[name]) !== JSON.stringify(value)) editFormField(name, value)
}

/**
 * The agent is in a call (`join`, or the answer's acknowledgement). A second notice of the same call
 * changes nothing.
 */
export function joinCall(call: Call): void {
  if ($call.get()?.id === call.id) return
  begin(fromCall(call, false), call.messages)
  takeCallTools(call, false)
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
    takeCallTools(call, false)
    restoreDrafts(call)
    return
  }
  setActiveCall(fromCall(call, true))
  takeCallTools(call, true)
  resendComments()
  resendForm()
  reconnectCallMedia(call.peerId, call.peers)
  reconnectBeamports()
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
    setActiveCall(fromMeeting(joined, true))
    setWaitingRoom(joined.pendingAuthorizations)
    reconnectCallMedia(joined.peerId, joined.peers)
    reconnectBeamports()
    return
  }
  if (active) return
  begin(fromMeeting(joined, false), joined.messages)
  setWaitingRoom(joined.pendingAuthorizations)
  // A chat line typed before a reload is back in its field.
  const chat = takeDrafts(joined.appointment.id).chat
  if (chat) editChatDraft(chat)
}

/**
 * `call:transfer:success`: the modal closes with its message; to a segment the call stays with the
 * agent for 10 s (SPEC §4), then ends here even if the server's `end` never comes.
 */
function transferDone(success: TransferSuccess): void {
  transferSucceeded(success)
  if (success.target.type === 'segment' && $call.get()?.id === success.callId)
    endCallLater(success.callId, SEGMENT_TRANSFER_END_MS)
}

// The session hangs up through this before a status change (SPEC §4).
registerHangup(async () => {
  const outcome = await hangUp()
  if (outcome === 'blocked' || outcome === 'refused') throw new HangupKept(outcome)
})

onMount($call, () => {
  const socket = realtime()
  const stops = [
    socket.on('join', joinCall),
    socket.on('rejoin', rejoinCall),
    socket.on('end', endCall),
    socket.on('meeting:join', startMeeting),
    socket.on('meeting:ended', endMeeting),
    // After a reconnect the server says which call or meeting the agent is still in.
    socket.on('agent:authenticated', endIfLeftWhileAway),
    socket.on('hangup:error', hangupRefused),
    socket.on('meeting:hangup:error', hangupRefused),
    // Outcomes may come after the call already ended for this agent (a transfer to an agent).
    socket.on('call:transfer:success', transferDone),
    socket.on('call:transfer:error', transferFailed),
    socket.on('call:invite:success', inviteSucceeded),
    socket.on('call:invite:error', inviteFailed),
  ]
  return () => stops.forEach((stop) => stop())
})
