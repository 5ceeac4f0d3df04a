import { useIntl } from 'react-intl'
import type { Appointment } from '../../protocol'
import { openAppointment } from '../../stores/calendar/appointment'
import type { ReadOnlyReason } from '../../stores/calendar/appointment-rules'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface AppointmentNoticesProps {
  appointment: Appointment
  readOnly: ReadOnlyReason | null
}

/**
 * Why the appointment cannot change: who canceled it, when and why; the new appointment a reschedule
 * moved it to; or that it is past or in progress.
 */
export function AppointmentNotices({ appointment, readOnly }: AppointmentNoticesProps) {
  const intl = useIntl()
  if (appointment.status === 'canceled')
    return (
      <sl-alert variant="danger" open className="notice-canceled">
        <strong>
          {intl.formatMessage(
            { id: 'calendar.detail.canceledBy' },
            {
              who: appointment.canceledBy ?? 'unknown',
              when: appointment.canceledAt
                ? intl.formatDate(Date.parse(appointment.canceledAt), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })
                : '—',
            },
          )}
        </strong>
        <p className="cancel-reason-text">{appointment.cancelReason || '—'}</p>
      </sl-alert>
    )
  if (appointment.status === 'rescheduled')
    return (
      <sl-alert variant="neutral" open className="notice-rescheduled">
        <p>{intl.formatMessage({ id: 'calendar.detail.rescheduledTo' })}</p>
        {appointment.rescheduledAppointment && (
          <sl-button
            size="small"
            variant="primary"
            className="open-new"
            onClick={() => openAppointment(appointment.rescheduledAppointment!)}
          >
            {intl.formatMessage({ id: 'calendar.detail.openNew' })}
          </sl-button>
        )}
      </sl-alert>
    )
  if (readOnly === 'past' || readOnly === 'inProgress')
    return (
      <sl-alert variant="neutral" open className="notice-readonly">
        {intl.formatMessage({ id: `calendar.detail.readOnly.${readOnly}` })}
      </sl-alert>
    )
  return null
}
