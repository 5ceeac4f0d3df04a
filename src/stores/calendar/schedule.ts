import { atom } from 'nanostores'
import type { Appointment, FormValues } from '../../protocol'
import { DRAWER_OPEN_DELAY_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { $calendarViewUser } from './calendar'
import { firstBookableMonth } from '../../lib/booking-window'
import { startOfMonth } from '../../lib/zoned-time'
import { browserTimeZone, customerTimeZone } from './time-zones'
import { onLogout } from '../session/logout'
import { forgetAppointmentReveal } from './appointment-reveal'
import {
  clearSlots,
  loadDays,
  loadHours,
  loadReferrers,
  loadServiceForm,
  loadServices,
  resetScheduleLists,
  type SlotQuery,
} from './schedule-lists'

/** The create or reschedule drawer. */
export interface ScheduleDrawer {
  open: boolean
  mode: 'create' | 'reschedule'
  /** The appointment being rescheduled. */
  appointment: Appointment | null
  /** Whose calendar the booking goes into. */
  userId: string | null
}

/** What the agent has chosen and typed in the drawer. */
export interface ScheduleForm {
  service: string | null
  /** First day of the month shown, `YYYY-MM-DD` in the customer's zone. */
  month: string
  /** The chosen day, `YYYY-MM-DD` in the customer's zone. */
  day: string | null
  /** The chosen slot's start (UTC instant of an hour item). */
  hour: string | null
  values: FormValues
  referrer: string | null
  /** The customer's IANA zone. */
  timeZone: string
  /** Validation errors show after the first attempt to submit. */
  submitted: boolean
  /** The schedule or reschedule request is on its way. */
  busy: boolean
}

const closed: ScheduleDrawer = { open: false, mode: 'create', appointment: null, userId: null }

/** The drawer: closed, or open to create or to reschedule. */
export const $scheduleDrawer = atom<ScheduleDrawer>(closed)

function blankForm(timeZone: string): ScheduleForm {
  return {
    service: null,
    month: firstBookableMonth(clock.now(), timeZone),
    day: null,
    hour: null,
    values: {},
    referrer: null,
    timeZone,
    submitted: false,
    busy: false,
  }
}

/** The drawer's choices and fields. */
export const $scheduleForm = atom<ScheduleForm>(blankForm(browserTimeZone()))

let opening: TimerId | undefined

/** The query of the day and hour lists for the current choices. */
export function slotQuery(): SlotQuery | null {
  const { userId } = $scheduleDrawer.get()
  const form = $scheduleForm.get()
  return userId ? { user: userId, service: form.service, timeZone: form.timeZone } : null
}

/** Changes the form without touching the drawer. */
export function patchScheduleForm(change: Partial<ScheduleForm>): void {
  $scheduleForm.set({ ...$scheduleForm.get(), ...change })
}

/** Reloads the days of the shown month (and forgets the chosen day and hour). */
export function reloadDays(): void {
  const query = slotQuery()
  patchScheduleForm({ day: null, hour: null })
  clearSlots('days')
  if (query && (query.service || $scheduleDrawer.get().mode === 'reschedule'))
    void loadDays(query, $scheduleForm.get().month)
}

/** Chooses a calendar (service): loads its form and its free days. */
export function chooseService(service: string): void {
  patchScheduleForm({ service, values: {} })
  void loadServiceForm(service)
  reloadDays()
}

/**
 * Opens the drawer after 200 ms (SPEC §2): to book into the shown calendar, or with `reschedule` to
 * move an appointment to another free slot of its own calendar.
 *
 * @example
 * openScheduleDrawer() // the shell's schedule button
 * openScheduleDrawer({ reschedule: appointment })
 */
export function openScheduleDrawer(options: { reschedule?: Appointment } = {}): void {
  clock.clearTimeout(opening)
  forgetAppointmentReveal()
  opening = clock.setTimeout(() => {
    const appointment = options.reschedule ?? null
    const userId = appointment?.userId ?? $calendarViewUser.get()
    const timeZone = customerTimeZone(appointment?.timezone)
    resetScheduleLists()
    $scheduleForm.set({ ...blankForm(timeZone), service: appointment?.service?._id ?? null })
    $scheduleDrawer.set({ open: true, mode: appointment ? 'reschedule' : 'create', appointment, userId })
    if (appointment) return reloadDays()
    void loadReferrers()
    void loadCalendarsToBook()
  }, DRAWER_OPEN_DELAY_MS)
}

/**
 * Loads the calendars the agent can book into and, when none is chosen yet, chooses the first: what
 * opening the drawer does, and what its retry does after a failed load.
 */
export async function loadCalendarsToBook(): Promise<void> {
  const services = await loadServices()
  const first = services.data[0]
  if ($scheduleDrawer.get().open && first && !$scheduleForm.get().service) chooseService(first.id)
}

/** Closes the drawer and forgets what was typed. */
export function closeScheduleDrawer(): void {
  clock.clearTimeout(opening)
  $scheduleDrawer.set(closed)
}

/** Shows another month (`YYYY-MM-01`), never before the current one. */
export function chooseMonth(month: string): void {
  const current = firstBookableMonth(clock.now(), $scheduleForm.get().timeZone)
  patchScheduleForm({ month: month < current ? current : startOfMonth(month) })
  reloadDays()
}

/** Chooses a day: loads its free slots. */
export function chooseDay(day: string): void {
  patchScheduleForm({ day, hour: null })
  clearSlots('hours')
  const query = slotQuery()
  if (query) void loadHours(query, day)
}

/** Chooses a slot (its UTC start). */
export function chooseHour(hour: string): void {
  patchScheduleForm({ hour })
}

/** Sets the customer's zone: the lists are in it, so they load again. */
export function chooseTimeZone(timeZone: string): void {
  const zone = customerTimeZone(timeZone)
  const day = $scheduleForm.get().day
  patchScheduleForm({ timeZone: zone })
  reloadDays()
  if (day) chooseDay(day)
}

/** Sets the referrer link. */
export function chooseReferrer(referrer: string | null): void {
  patchScheduleForm({ referrer })
}

/** Sets one value of the dynamic form. */
export function setScheduleValue(name: string, value: FormValues[string]): void {
  patchScheduleForm({ values: { ...$scheduleForm.get().values, [name]: value } })
}

onLogout(closeScheduleDrawer)
