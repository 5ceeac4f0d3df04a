import { $calendarActivity, type CalendarActivity } from '../../stores/calendar/calendar-activity'
import type { ElementEventSource } from '../element-types'

/** Detail of the appointment events: which appointment. */
export interface AppointmentDetail {
  appointmentId: string
}

/** Detail of `agent-appointment-reschedule`: the new appointment and the one it replaced. */
export interface AppointmentRescheduleDetail extends AppointmentDetail {
  previousId: string
}

const names: Record<CalendarActivity['kind'], `agent-${string}`> = {
  opened: 'agent-appointment-open',
  scheduled: 'agent-appointment-book',
  rescheduled: 'agent-appointment-reschedule',
  canceled: 'agent-appointment-cancel',
  updated: 'agent-appointment-change',
  joined: 'agent-meeting-join',
}

/**
 * Fires the calendar's events: an appointment opened in the detail drawer, booked, rescheduled,
 * canceled, its times changed, or joined as a meeting.
 */
export const calendarActivity: ElementEventSource = (emit) =>
  $calendarActivity.listen((activity) => {
    if (!activity) return
    const detail: AppointmentDetail | AppointmentRescheduleDetail =
      activity.kind === 'rescheduled'
        ? { appointmentId: activity.appointmentId, previousId: activity.previousId ?? '' }
        : { appointmentId: activity.appointmentId }
    emit(names[activity.kind], detail)
  })
