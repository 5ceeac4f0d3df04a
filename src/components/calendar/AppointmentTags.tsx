import { useIntl } from 'react-intl'
import type { Appointment } from '../../protocol'
import '@shoelace-style/shoelace/dist/components/tag/tag.js'

const statusVariant = {
  pending: 'primary',
  attended: 'success',
  canceled: 'danger',
  rescheduled: 'neutral',
} as const

const typeVariant = { regular: 'neutral', blocked: 'warning', external: 'neutral' } as const

/** The appointment's type and status as tags. */
export function AppointmentTags({ appointment }: { appointment: Appointment }) {
  const intl = useIntl()
  return (
    <div className="appointment-tags">
      <sl-tag size="small" variant={typeVariant[appointment.type]} className="tag-type">
        {intl.formatMessage({ id: `calendar.type.${appointment.type}` })}
      </sl-tag>
      <sl-tag size="small" variant={statusVariant[appointment.status]} className="tag-status">
        {intl.formatMessage({ id: `calendar.status.${appointment.status}` })}
      </sl-tag>
    </div>
  )
}
