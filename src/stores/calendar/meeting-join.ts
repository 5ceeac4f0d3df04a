import { atom, onMount } from 'nanostores'
import { MeetingJoinedSchema } from '../../protocol'
import { clock } from '../../services/clock'
import { isUnanswered, SocketRequestError } from '../../services/socket'
import { realtime } from '../session/connection'
import { $activity } from '../status/activity'
import {
  $openAppointment,
  closeAppointment,
  receiveAppointment,
  reloadOpenAppointment,
  setAppointmentBusy,
} from './appointment'
import { joinState } from './appointment-rules'
import { reportCalendarActivity } from './calendar-activity'
import { reloadCalendarDay } from './calendar'
import { dismissToast, notify } from '../app/toasts'

/** The meeting joined from the calendar: which appointment, and whether the join is on its way. */
export interface MeetingJoinState {
  appointmentId: string
  status: 'joining' | 'joined'
}

/** The appointment whose meeting the agent joined (or is joining) from the calendar, if any. */
export const $meetingJoin = atom<MeetingJoinState | null>(null)

/**
 * Joins the open appointment's meeting (`meeting:join`): the server answers with the meeting's tokens,
 * the call area takes over (on-meeting and active). Refused when the rules of §4 deny it.
 *
 * @example
 * await joinMeeting()
 */
export async function joinMeeting(): Promise<boolean> {
  const open = $openAppointment.get()
  if (!open?.appointment || open.busy) return false
  if (joinState(open.appointment, clock.now(), $activity.get()) !== 'allowed') return false
  const id = open.id
  setAppointmentBusy(id, 'join')
  $meetingJoin.set({ appointmentId: id, status: 'joining' })
  try {
    const joined = await realtime().request('meeting:join', { appointment: id }, MeetingJoinedSchema)
    $meetingJoin.set({ appointmentId: id, status: 'joined' })
    // The call area's store: loaded on demand, so the calendar chunk does not carry the call's media code.
    const { $call, startMeeting } = await import('../call/call')
    // The server also emits `meeting:join`; the call store may have started the meeting from it already.
    if ($call.get()?.id !== joined.appointment.id) startMeeting(joined)
    receiveAppointment(joined.appointment)
    // The agent is in the meeting now: the drawer would cover its video and waiting room, and the
    // notice about people waiting is answered by that waiting room.
    closeAppointment()
    dismissToast(`appointment-meeting:${id}`)
    reportCalendarActivity({ kind: 'joined', appointmentId: id })
    return true
  } catch (failure) {
    $meetingJoin.set(null)
    const code = failure instanceof SocketRequestError ? failure.code : 500
    notify({
      variant: 'danger',
      // No answer: the server may have let the agent in; its meeting:join then starts the meeting.
      messageId: isUnanswered(failure)
        ? 'calendar.errors.joinNoAnswer'
        : code === 409
          ? 'calendar.errors.joinRefused'
          : 'calendar.errors.join',
      values: { code },
    })
    return false
  } finally {
    setAppointmentBusy(id, null)
  }
}

/** The meeting is over: the appointment is attended now, so show its fresh copy. */
function meetingEnded(): void {
  $meetingJoin.set(null)
  void reloadOpenAppointment()
  void reloadCalendarDay()
}

/** Mount it to reload the joined appointment when its meeting ends (apart from `$meetingJoin`, read by actions). */
export const $meetingEndWatch = atom(true)

onMount($meetingEndWatch, () => {
  let wasInMeeting = $activity.get().inMeeting
  const stops = [
    // Back in a meeting after a reload or a reconnect: the server says which one.
    realtime().on('meeting:join', ({ appointment }) => {
      $meetingJoin.set({ appointmentId: appointment.id, status: 'joined' })
    }),
    realtime().on('meeting:ended', ({ appointmentId }) => {
      if ($meetingJoin.get()?.appointmentId === appointmentId || $openAppointment.get()?.id === appointmentId)
        meetingEnded()
    }),
    // The call area hung up (its own hang-up button): the same as the server saying so.
    $activity.subscribe(({ inMeeting }) => {
      if (wasInMeeting && !inMeeting && $meetingJoin.get()) meetingEnded()
      wasInMeeting = inMeeting
    }),
  ]
  return () => stops.forEach((stop) => stop())
})
