import { useIntl } from 'react-intl'
import type { Appointment } from '../../protocol'
import { AppointmentTags } from './AppointmentTags'
import { JoinButton } from './JoinButton'
import { zoneName } from '../../lib/zone-name'

interface AppointmentSummaryProps {
  appointment: Appointment
  /** The grid's (agent's) zone. */
  timeZone: string
  now: number
  joining: boolean
}

/**
 * Title, type and status, start and end in the agent's zone with the customer's zone beside it when it
 * differs, and the join button.
 */
export function AppointmentSummary({ appointment, timeZone, now, joining }: AppointmentSummaryProps) {
  const intl = useIntl()
  const start = Date.parse(appointment.startAt)
  const end = Date.parse(appointment.endAt)
  const range = (zone: string) =>
    new Intl.DateTimeFormat(intl.locale, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: zone,
    }).formatRange(start, end)
  const customerZone = appointment.timezone
  const sameWall = range(customerZone) === range(timeZone)
  return (
    <div className="appointment-summary">
      <h3 className="detail-title">
        <bdi>{appointment.title}</bdi>
      </h3>
      <AppointmentTags appointment={appointment} />
      <p className="appointment-when">
        <span className="when-agent">{range(timeZone)}</span>
        <small className="when-zone" title={timeZone}>
          {zoneName(timeZone, intl.locale)}
        </small>
      </p>
      {!sameWall && (
        <p className="appointment-when customer">
          <span className="when-customer">
            {intl.formatMessage({ id: 'calendar.detail.customerTime' }, { time: range(customerZone) })}
          </span>
          <small className="when-zone" title={customerZone}>
            {zoneName(customerZone, intl.locale)}
          </small>
        </p>
      )}
      <JoinButton appointment={appointment} now={now} joining={joining} />
    </div>
  )
}
