import { atom } from 'nanostores'
import type { Appointment } from '../../protocol'
import { dayOf } from '../../lib/zoned-time'
import { onLogout } from '../session/logout'
import { $calendarDate, $calendarTimeZone, showDay } from './calendar'

/** An appointment the grid is to show and take the keyboard focus to: its id and its day in the grid. */
export interface AppointmentReveal {
  id: string
  /** `YYYY-MM-DD` in the grid's zone. */
  date: string
}

/** The appointment just booked or moved, until the grid has taken the focus to it. */
export const $appointmentReveal = atom<AppointmentReveal | null>(null)

/**
 * Shows the day of an appointment the agent just booked or moved and asks the grid to focus it: the
 * agent's next step is that appointment, and the drawer the focus was in has closed (it fell to the
 * page's body).
 *
 * @example
 * revealAppointment(booked)
 */
export function revealAppointment(appointment: Appointment): void {
  const date = dayOf(Date.parse(appointment.startAt), $calendarTimeZone.get())
  $appointmentReveal.set({ id: appointment.id, date })
  showDay(date)
}

/** The grid took the focus to it, or the agent went elsewhere (another day, another drawer). */
export function forgetAppointmentReveal(): void {
  $appointmentReveal.set(null)
}

onLogout(forgetAppointmentReveal)
// The agent moved to another day before it was shown: the focus is theirs again.
$calendarDate.listen((date) => {
  if ($appointmentReveal.get()?.date !== date) forgetAppointmentReveal()
})
