import { atom, onMount } from 'nanostores'
import type { Appointment, AppointmentMeeting, CustomerChange } from '../../protocol'
import { APPOINTMENT_CHECK_MS, PERSISTENT } from '../../constants'
import { clock } from '../../services/clock'
import { realtime } from '../session/connection'
import { $calendarTimeZone, applyAppointment } from './calendar'
import { receiveAppointment } from './appointment'
import { $locale } from '../app/i18n'
import { $meetingJoin } from './meeting-join'
import { onLogout } from '../session/logout'
import { $linkOnline } from '../session/link-state'
import { $calendarEnabled } from '../profile/settings'
import { notify } from '../app/toasts'
import { isolateBidi } from '../../lib/bidi'

/** When the last `appointments:check` went out (epoch ms), or null before the first. */
export const $appointmentWatch = atom<number | null>(null)

// Signature of the last notice per key: a check that repeats the same news does not raise it again.
const shown = new Map<string, string>()

function startTime(appointment: Appointment): string {
  return new Intl.DateTimeFormat($locale.get(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: $calendarTimeZone.get(),
  }).format(Date.parse(appointment.startAt))
}

function once(key: string, signature: string, show: () => void): void {
  if (shown.get(key) === signature) return
  shown.set(key, signature)
  show()
}

/** A new appointment was booked into this agent's calendar: a notice that stays until dismissed. */
export function noticeNewAppointment(appointment: Appointment): void {
  applyAppointment(appointment)
  once(`appointment-new:${appointment.id}`, appointment.startAt, () =>
    notify({
      variant: 'primary',
      messageId: 'calendar.notifications.new',
      values: { title: isolateBidi(appointment.title), time: startTime(appointment) },
      duration: PERSISTENT,
      key: `appointment-new:${appointment.id}`,
    }),
  )
}

/**
 * The customer canceled or moved an appointment with its modify link: the grid and an open drawer show
 * it at once, and a notice stays until dismissed (the agent may have planned around that time).
 */
export function noticeCustomerChange({ change, appointment, next }: CustomerChange): void {
  receiveAppointment(appointment)
  if (next) receiveAppointment(next)
  once(`appointment-customer:${appointment.id}`, change, () =>
    notify({
      variant: change === 'canceled' ? 'warning' : 'primary',
      messageId:
        change === 'canceled'
          ? 'calendar.notifications.customerCanceled'
          : 'calendar.notifications.customerRescheduled',
      values: { title: isolateBidi(appointment.title), time: next ? startTime(next) : '' },
      duration: PERSISTENT,
      key: `appointment-customer:${appointment.id}`,
    }),
  )
}

const meetingMessages = {
  starting: 'calendar.notifications.meetingStarting',
  'customer-waiting': 'calendar.notifications.customerWaiting',
  ended: 'calendar.notifications.meetingEnded',
} as const

/** The key of an appointment's meeting notice. */
export const meetingNoticeKey = (appointmentId: string) => `appointment-meeting:${appointmentId}`

/**
 * Something happened in an appointment's meeting: one notice per meeting, until dismissed. People
 * waiting in the meeting the agent is in already show in its waiting room, so no notice for them.
 */
export function noticeMeetingStatus({ appointment, status, waiting }: AppointmentMeeting): void {
  applyAppointment(appointment)
  const key = meetingNoticeKey(appointment.id)
  if (status === 'customer-waiting' && $meetingJoin.get()?.appointmentId === appointment.id) return
  once(key, `${status}:${waiting}`, () =>
    notify({
      variant: status === 'customer-waiting' ? 'warning' : 'primary',
      messageId: meetingMessages[status],
      values: { title: isolateBidi(appointment.title), count: waiting },
      duration: PERSISTENT,
      key,
    }),
  )
}

/** Forgets which notices were shown (logout). */
export function resetCalendarWatch(): void {
  shown.clear()
  $appointmentWatch.set(null)
}

onLogout(resetCalendarWatch)

onMount($appointmentWatch, () => {
  const socket = realtime()
  const check = () => {
    if (!$calendarEnabled.get() || !$linkOnline.get()) return
    socket.emit('appointments:check', {})
    $appointmentWatch.set(clock.now())
  }
  const timer = clock.setInterval(check, APPOINTMENT_CHECK_MS)
  const stops = [
    socket.on('appointments:notification:new', ({ appointment }) => noticeNewAppointment(appointment)),
    socket.on('appointments:meeting', noticeMeetingStatus),
    socket.on('appointments:customer-change', noticeCustomerChange),
  ]
  return () => {
    clock.clearInterval(timer)
    stops.forEach((stop) => stop())
  }
})
