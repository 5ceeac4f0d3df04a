import { computed } from 'nanostores'
import {
  HTTP_PATHS,
  RescheduleResponseSchema,
  ScheduleResponseSchema,
  validateFormValues,
  type Appointment,
} from '../../protocol'
import { earliestBookable } from '../../lib/booking-window'
import { clock } from '../../services/clock'
import { HttpError } from '../../services/http'
import { api } from '../session/connection'
import { applyAppointment } from './calendar'
import { receiveAppointment } from './appointment'
import { reportCalendarActivity } from './calendar-activity'
import { revealAppointment } from './appointment-reveal'
import { $scheduleServiceForm, loadHours } from './schedule-lists'
import { $scheduleDrawer, $scheduleForm, closeScheduleDrawer, patchScheduleForm, slotQuery } from './schedule'
import { notify } from '../app/toasts'

/** Why the drawer cannot submit yet, field by field (SPEC §5 "Scheduling"). */
export interface ScheduleErrors {
  service?: 'required'
  hour?: 'required' | 'past'
  timeZone?: 'required'
  referrer?: 'required'
  /** Dynamic form errors by field name: `required`, `email`, `pattern`... */
  fields: Record<string, string>
}

/** Checks the drawer: a slot, a time zone, and for a booking a service, a referrer and a valid form. */
export function validateSchedule(): ScheduleErrors {
  const form = $scheduleForm.get()
  const { mode } = $scheduleDrawer.get()
  const errors: ScheduleErrors = { fields: {} }
  if (!form.hour) errors.hour = 'required'
  else if (Date.parse(form.hour) < earliestBookable(clock.now(), 'hour')) errors.hour = 'past'
  if (!form.timeZone) errors.timeZone = 'required'
  if (mode === 'reschedule') return errors
  if (!form.service) errors.service = 'required'
  if (!form.referrer) errors.referrer = 'required'
  const fields = $scheduleServiceForm.get().data?.form ?? []
  for (const issue of validateFormValues(fields, form.values)) errors.fields[issue.path] ??= issue.code
  return errors
}

/** Whether a validation result lets the drawer submit. */
export function isScheduleValid(errors: ScheduleErrors): boolean {
  return (
    !errors.service &&
    !errors.hour &&
    !errors.timeZone &&
    !errors.referrer &&
    Object.keys(errors.fields).length === 0
  )
}

/** The drawer's validation errors, once the agent has tried to submit. */
export const $scheduleErrors = computed([$scheduleForm, $scheduleServiceForm, $scheduleDrawer], (form) =>
  form.submitted ? validateSchedule() : { fields: {} },
)

function failureOf(failure: unknown): HttpError {
  return failure instanceof HttpError ? failure : new HttpError(500, String(failure))
}

/** The slot was taken or passed meanwhile: offer the fresh list. */
function refreshHours(): void {
  const query = slotQuery()
  const { day } = $scheduleForm.get()
  patchScheduleForm({ hour: null })
  if (query && day) void loadHours(query, day)
}

async function book(): Promise<Appointment> {
  const form = $scheduleForm.get()
  const { userId } = $scheduleDrawer.get()
  const { appointment } = await api().post(HTTP_PATHS.schedule(userId ?? ''), {
    body: {
      startAt: form.hour,
      timezone: form.timeZone,
      form: form.values,
      service: form.service,
      referrer: form.referrer,
    },
    schema: ScheduleResponseSchema,
  })
  applyAppointment(appointment)
  reportCalendarActivity({ kind: 'scheduled', appointmentId: appointment.id })
  return appointment
}

async function reschedule(previous: Appointment): Promise<Appointment> {
  const response = await api().post(HTTP_PATHS.reschedule(previous.id), {
    body: { date: $scheduleForm.get().hour },
    schema: RescheduleResponseSchema,
  })
  // The old one now links to the new one; the detail drawer shows that link.
  receiveAppointment(response.previous)
  applyAppointment(response.appointment)
  reportCalendarActivity({
    kind: 'rescheduled',
    appointmentId: response.appointment.id,
    previousId: previous.id,
  })
  return response.appointment
}

/**
 * Books the appointment (`POST /schedule/{userId}`) or moves it (`POST /schedule/reschedule/{id}`).
 * Invalid choices only mark the fields; a refusal shows the server's message (SPEC §8 "Calendar").
 *
 * @example
 * if (await submitSchedule()) console.info('booked')
 */
export async function submitSchedule(): Promise<boolean> {
  const drawer = $scheduleDrawer.get()
  if (!drawer.open || $scheduleForm.get().busy) return false
  patchScheduleForm({ submitted: true })
  if (!isScheduleValid(validateSchedule())) return false
  patchScheduleForm({ busy: true })
  try {
    const rescheduling = drawer.mode === 'reschedule' && drawer.appointment
    const booked = rescheduling ? null : await book()
    if (rescheduling) await reschedule(rescheduling)
    notify({
      variant: 'success',
      messageId:
        drawer.mode === 'reschedule' ? 'calendar.schedule.rescheduled' : 'calendar.schedule.scheduled',
    })
    closeScheduleDrawer()
    // The focus was in the drawer, now closed: it goes on to the new appointment, on its day. (A
    // reschedule goes back to the detail drawer it was opened from.)
    if (booked) revealAppointment(booked)
    return true
  } catch (failure) {
    const error = failureOf(failure)
    patchScheduleForm({ busy: false })
    if (error.status === 409 || error.status === 422) refreshHours()
    const reschedule = drawer.mode === 'reschedule'
    // No server answered: the browser's own words ("Failed to fetch") mean nothing to the agent.
    if (error.status === 0)
      notify({
        variant: 'danger',
        messageId: reschedule ? 'calendar.errors.rescheduleOffline' : 'calendar.errors.scheduleOffline',
      })
    else
      notify({
        variant: 'danger',
        messageId: reschedule ? 'calendar.errors.reschedule' : 'calendar.errors.schedule',
        values: { message: error.message },
      })
    return false
  }
}
