import { atom, computed, onMount } from 'nanostores'
import { AppointmentsFoundSchema, type Appointment } from '../../protocol'
import { clock } from '../../services/clock'
import { SocketRequestError } from '../../services/socket'
import { realtime } from '../session/connection'
import { $linkOnline } from '../session/link-state'
import { onLogout } from '../session/logout'
import { $userId } from '../session/session'
import { addDays, dayOf, dayRangeUtc } from '../../lib/zoned-time'
import { browserTimeZone, canonicalTimeZone } from './time-zones'

/** The day the calendar shows, as loaded from `appointments:find`. */
export interface CalendarDay {
  /** `loading` keeps the previous appointments of the same day and user on screen while it reloads. */
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** `YYYY-MM-DD` in `timeZone`. */
  date: string
  /** The zone the grid shows (the agent's). */
  timeZone: string
  /** Whose calendar. */
  user: string | null
  /** The day's appointments, by start. */
  appointments: Appointment[]
  /** Status code of the last failure. */
  error: number | null
}

/** The zone the grid shows: the agent's browser zone unless set (`time-zone` attribute). */
export const $calendarTimeZone = atom<string>(browserTimeZone())

/** The day shown, `YYYY-MM-DD` in the grid's zone; today until the agent moves. */
export const $calendarDate = atom<string>(dayOf(clock.now(), $calendarTimeZone.get()))

/** Another agent's calendar chosen in the users selector, or null for the signed-in agent's own. */
export const $calendarUser = atom<string | null>(null)

/** Whose calendar is shown: the selected agent, else the signed-in one. */
export const $calendarViewUser = computed(
  [$calendarUser, $userId],
  (selected, signedIn) => selected ?? signedIn,
)

/** The shown day and its appointments (mount `$calendarFeed` to load it and keep it in step). */
export const $calendarDay = atom<CalendarDay>({
  status: 'idle',
  date: $calendarDate.get(),
  timeZone: $calendarTimeZone.get(),
  user: null,
  appointments: [],
  error: null,
})

let sequence = 0

const byStart = (a: Appointment, b: Appointment) => Date.parse(a.startAt) - Date.parse(b.startAt)

/**
 * Puts the wanted day (date, zone, calendar) in `$calendarDay` as loading or waiting: what it showed
 * stays only while it is still the same day of the same calendar.
 */
function showDayAs(status: 'loading' | 'idle'): CalendarDay {
  const date = $calendarDate.get()
  const timeZone = $calendarTimeZone.get()
  const user = $calendarViewUser.get()
  const current = $calendarDay.get()
  const same = current.date === date && current.user === user && current.timeZone === timeZone
  const day = { status, date, timeZone, user, appointments: same ? current.appointments : [], error: null }
  $calendarDay.set(day)
  return day
}

/** Loads the shown day again (after a reconnect, a booking, a retry). */
export async function reloadCalendarDay(): Promise<void> {
  const request = ++sequence
  const { date, timeZone, user } = showDayAs('loading')
  try {
    const found = await realtime().request(
      'appointments:find',
      { date, timezone: timeZone, ...(user ? { users: [user] } : {}) },
      AppointmentsFoundSchema,
    )
    if (request !== sequence) return
    $calendarDay.set({
      status: 'ready',
      date,
      timeZone,
      user,
      appointments: [...found.data].sort(byStart),
      error: null,
    })
  } catch (failure) {
    if (request !== sequence) return
    const error = failure instanceof SocketRequestError ? failure.code : 500
    $calendarDay.set({ ...$calendarDay.get(), status: 'failed', error })
  }
}

/** Whether an appointment belongs on the shown day of the shown calendar. */
function belongsToShownDay(appointment: Appointment, day: CalendarDay): boolean {
  if (day.user && appointment.userId !== day.user) return false
  const { start, end } = dayRangeUtc(day.date, day.timeZone)
  return Date.parse(appointment.startAt) < end && Date.parse(appointment.endAt) > start
}

/**
 * Puts a fresh copy of an appointment into the shown day (a patch, a cancel, a meeting that ended), or
 * takes it out when it no longer belongs there.
 */
export function applyAppointment(appointment: Appointment): void {
  const day = $calendarDay.get()
  const others = day.appointments.filter((item) => item.id !== appointment.id)
  const belongs = belongsToShownDay(appointment, day)
  if (!belongs && others.length === day.appointments.length) return
  $calendarDay.set({ ...day, appointments: belongs ? [...others, appointment].sort(byStart) : others })
}

/** Shows another day (`YYYY-MM-DD`). */
export function showDay(date: string): void {
  $calendarDate.set(date)
}

/** Moves the calendar one day forward. */
export function showNextDay(): void {
  showDay(addDays($calendarDate.get(), 1))
}

/** Moves the calendar one day back. */
export function showPreviousDay(): void {
  showDay(addDays($calendarDate.get(), -1))
}

/** Back to today, in the grid's zone. */
export function showToday(): void {
  showDay(dayOf(clock.now(), $calendarTimeZone.get()))
}

/** Shows another agent's calendar, or the signed-in agent's own with null. */
export function selectCalendarUser(user: string | null): void {
  $calendarUser.set(user)
}

/** Sets the zone of the grid; an unknown zone is ignored (the browser's stays). */
export function setCalendarTimeZone(timeZone: string | null): void {
  const zone = canonicalTimeZone(timeZone) ?? browserTimeZone()
  if (zone !== $calendarTimeZone.get()) $calendarTimeZone.set(zone)
}

/** Loads the day when the link is up; otherwise the day waits (idle) for it. */
function reloadWhenOnline(): void {
  if ($linkOnline.get()) {
    void reloadCalendarDay()
    return
  }
  sequence += 1
  showDayAs('idle')
}

/**
 * Mount it (a view subscribes) to load the shown day and keep it in step with the server: reloads when
 * the day, the zone, the user or the link changes, and takes in fresh copies the server pushes. Apart
 * from `$calendarDay`, because reading an unmounted store mounts it for a moment in Nano Stores.
 *
 * @example
 * useStore($calendarFeed)
 */
export const $calendarFeed = atom(true)

onMount($calendarFeed, () => {
  const socket = realtime()
  const stops = [
    // Online again (login, reconnect): the day may have changed meanwhile.
    $linkOnline.subscribe(reloadWhenOnline),
    $calendarDate.listen(reloadWhenOnline),
    $calendarTimeZone.listen(reloadWhenOnline),
    $calendarViewUser.listen(reloadWhenOnline),
    socket.on('appointments:get', ({ appointment }) => applyAppointment(appointment)),
    socket.on('meeting:ended', ({ appointment }) => applyAppointment(appointment)),
  ]
  return () => stops.forEach((stop) => stop())
})

onLogout(() => {
  sequence += 1
  $calendarUser.set(null)
  $calendarDay.set({ ...$calendarDay.get(), status: 'idle', user: null, appointments: [], error: null })
})
