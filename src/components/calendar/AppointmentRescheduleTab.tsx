import { useIntl } from 'react-intl'
import type { Appointment } from '../../protocol'
import type { TimeRange } from '../../lib/booking-window'
import {
  discardAppointmentEdits,
  editAppointmentEnd,
  editAppointmentStart,
} from '../../stores/calendar/appointment'
import { fromLocalInput, toLocalInput } from '../../lib/zoned-time'
import { openScheduleDrawer } from '../../stores/calendar/schedule'
import '@shoelace-style/shoelace/dist/components/input/input.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface AppointmentRescheduleTabProps {
  appointment: Appointment
  /** Unsaved start and end, if edited. */
  draft: TimeRange | null
  /** The grid's zone: the inputs read and write wall-clock times in it. */
  timeZone: string
}

/**
 * The reschedule tab: edit start and end in place (kept 5 minutes apart both ways; the drawer's save
 * button sends them), or move the appointment to another free slot with the reschedule drawer.
 */
export function AppointmentRescheduleTab({ appointment, draft, timeZone }: AppointmentRescheduleTabProps) {
  const intl = useIntl()
  const range = draft ?? { start: Date.parse(appointment.startAt), end: Date.parse(appointment.endAt) }
  const onEdit = (edit: (ms: number) => void) => (event: CustomEvent) => {
    const value = fromLocalInput((event.target as HTMLInputElement).value, timeZone)
    if (value !== null) edit(value)
  }
  return (
    <div className="appointment-reschedule">
      <p className="muted">{intl.formatMessage({ id: 'calendar.detail.editHint' }, { zone: timeZone })}</p>
      <div className="time-edits">
        <sl-input
          type="datetime-local"
          className="edit-start"
          label={intl.formatMessage({ id: 'calendar.detail.start' })}
          value={toLocalInput(range.start, timeZone)}
          onsl-change={onEdit(editAppointmentStart)}
        ></sl-input>
        <sl-input
          type="datetime-local"
          className="edit-end"
          label={intl.formatMessage({ id: 'calendar.detail.end' })}
          value={toLocalInput(range.end, timeZone)}
          onsl-change={onEdit(editAppointmentEnd)}
        ></sl-input>
      </div>
      {draft && (
        <sl-button size="small" variant="text" onClick={discardAppointmentEdits}>
          {intl.formatMessage({ id: 'calendar.detail.discard' })}
        </sl-button>
      )}
      <div className="reschedule-slot">
        <p>{intl.formatMessage({ id: 'calendar.detail.rescheduleHint' })}</p>
        <sl-button variant="primary" outline onClick={() => openScheduleDrawer({ reschedule: appointment })}>
          {intl.formatMessage({ id: 'calendar.detail.findSlot' })}
        </sl-button>
      </div>
    </div>
  )
}
