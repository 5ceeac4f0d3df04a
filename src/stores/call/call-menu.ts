import { computed } from 'nanostores'
import { $features, type Features } from '../profile/settings'
import { $call, $inMeeting, type ActiveCall } from './call-state'
import { $callForm } from './call-form'
import { $chat } from './chat'
import { $waitingRoom } from './waiting-room'
import { $recording, type RecordingPhase } from './recording'

/** What the call panel's side menu decides its entries by (SPEC §2 "Call panel"). */
export interface CallMenuContext {
  call: ActiveCall
  /** The agent is in a meeting (an appointment), not a queued call. */
  meeting: boolean
  /** The agent owns the call (not an invited guest). */
  owner: boolean
  /** The call came with an agent form. */
  hasForm: boolean
  /** The account's feature switches. */
  features: Features
  /** Chat lines the agent has not read. */
  chatUnread: number
  /** People in the waiting room. */
  waiting: number
  /** Where the call's recording stands. */
  recording: RecordingPhase
}

/** The side menu's context, or null when no call is active. */
export const $callMenuContext = computed(
  [$call, $inMeeting, $callForm, $features, $chat, $waitingRoom, $recording],
  (call, meeting, form, features, chat, waiting, recording): CallMenuContext | null =>
    call
      ? {
          call,
          meeting,
          owner: call.role === 'agent',
          hasForm: form.definition !== null,
          features,
          chatUnread: chat.unread,
          waiting: waiting.length,
          recording: recording.phase,
        }
      : null,
)
