import type { Appointment } from '../../protocol'
import { APPOINTMENT_JOIN_WINDOW_MS } from '../../constants'

/**
 * The rules of SPEC §4 "Meetings and appointments", as pure functions of an appointment and the time:
 * the views, the stores and the tests read the same answers.
 *
 * @example
 * if (joinState(appointment, clock.now(), $activity.get()) === 'allowed') joinMeeting(appointment.id)
 */

/** The reference server opens a meeting from this long before its start (docs/protocol.md, `meeting:join`). */
export const JOIN_EARLIEST_BEFORE_START_MS = 15 * 60_000

const ms = (instant: string) => Date.parse(instant)

/** Its end is past: dimmed and read-only. */
export function isPast(appointment: Appointment, now: number): boolean {
  return ms(appointment.endAt) <= now
}

/** It has started and not ended. */
export function isInProgress(appointment: Appointment, now: number): boolean {
  return ms(appointment.startAt) <= now && now < ms(appointment.endAt)
}

/** Why an appointment cannot be changed (rescheduled, edited, cancelled), or null when it can. */
export type ReadOnlyReason = 'canceled' | 'rescheduled' | 'past' | 'inProgress' | 'external'

/** Canceled, rescheduled, past and in-progress appointments cannot be changed. */
export function readOnlyReason(appointment: Appointment, now: number): ReadOnlyReason | null {
  if (appointment.type === 'external') return 'external'
  if (appointment.status === 'canceled') return 'canceled'
  if (appointment.status === 'rescheduled') return 'rescheduled'
  if (isPast(appointment, now)) return 'past'
  if (isInProgress(appointment, now)) return 'inProgress'
  return null
}

/** Only non-external appointments are fetched and opened for detail. */
export function canOpen(appointment: Pick<Appointment, 'type'>): boolean {
  return appointment.type !== 'external'
}

/** What the join button does: hidden, disabled with a reason, or allowed. */
export type JoinState = 'hidden' | 'allowed' | 'tooEarly' | 'tooLate' | 'busy'

/**
 * The join button of §4: absent for blocked and external appointments and for canceled or
 * rescheduled ones (they have no meeting any more); denied, with the reason shown, once 30 minutes
 * have passed since the end, before the server opens the room, and while in a call or meeting.
 */
export function joinState(
  appointment: Appointment,
  now: number,
  activity: { inCall: boolean; inMeeting: boolean },
): JoinState {
  if (appointment.type !== 'regular') return 'hidden'
  if (appointment.status === 'canceled' || appointment.status === 'rescheduled') return 'hidden'
  if (now > ms(appointment.endAt) + APPOINTMENT_JOIN_WINDOW_MS) return 'tooLate'
  if (now < ms(appointment.startAt) - JOIN_EARLIEST_BEFORE_START_MS) return 'tooEarly'
  if (activity.inCall || activity.inMeeting) return 'busy'
  return 'allowed'
}
