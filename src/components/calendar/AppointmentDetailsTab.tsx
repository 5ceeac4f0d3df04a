import { useState } from 'react'
import { useIntl } from 'react-intl'
import { CopyButton } from '../common/CopyButton'
import type { Appointment, FilledField } from '../../protocol'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
import { zoneName } from '../../lib/zone-name'

/** A filled value as text: a choice shows its label, a checkbox yes or no, a list its items. */
function useValueText() {
  const intl = useIntl()
  return (field: FilledField): string => {
    const label = (value: string) => field.options?.find((option) => option.value === value)?.label ?? value
    const { value } = field
    if (value === null || value === '') return '—'
    if (typeof value === 'boolean')
      return intl.formatMessage({ id: value ? 'calendar.detail.yes' : 'calendar.detail.no' })
    if (Array.isArray(value)) return intl.formatList(value.map(label))
    return typeof value === 'number' ? intl.formatNumber(value) : label(value)
  }
}

function CopyableLink({
  labelId,
  url,
}: {
  labelId: 'calendar.detail.accessUrl' | 'calendar.detail.modifyUrl'
  url: string | null
}) {
  const intl = useIntl()
  const label = intl.formatMessage({ id: labelId })
  return (
    <>
      <dt>{label}</dt>
      <dd className="copyable">
        {url ? (
          <>
            <a href={url} target="_blank" rel="noreferrer">
              {url}
            </a>
            <CopyButton
              value={url}
              label={intl.formatMessage({ id: 'calendar.detail.copy' }, { what: label })}
            />
          </>
        ) : (
          '—'
        )}
      </dd>
    </>
  )
}

/**
 * The details tab: the contact form's values (masked until the eye toggle shows them), the access and
 * modify URLs with copy buttons, the customer's time zone and where it was scheduled from.
 */
export function AppointmentDetailsTab({ appointment }: { appointment: Appointment }) {
  const intl = useIntl()
  const [masked, setMasked] = useState(true)
  const valueText = useValueText()
  return (
    <div className="appointment-details">
      <div className="form-values-header">
        <h4>{intl.formatMessage({ id: 'calendar.detail.contact' })}</h4>
        <sl-icon-button
          name={masked ? 'eye' : 'eye-slash'}
          label={intl.formatMessage({
            id: masked ? 'calendar.detail.showValues' : 'calendar.detail.hideValues',
          })}
          aria-pressed={masked ? 'false' : 'true'}
          onClick={() => setMasked(!masked)}
        ></sl-icon-button>
      </div>
      {appointment.form.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'calendar.detail.noContact' })}</p>
      ) : (
        <dl className="form-values">
          {appointment.form.map((field, index) => (
            <div key={`${field.label}-${index}`} className="form-value">
              <dt>{field.label}</dt>
              <dd className={masked ? 'masked' : undefined}>
                {masked ? (
                  <span aria-label={intl.formatMessage({ id: 'calendar.detail.hidden' })}>••••••</span>
                ) : (
                  valueText(field)
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <dl className="appointment-facts">
        <CopyableLink labelId="calendar.detail.accessUrl" url={appointment.joinUrl} />
        <CopyableLink labelId="calendar.detail.modifyUrl" url={appointment.modifyUrl} />
        <dt>{intl.formatMessage({ id: 'calendar.detail.timeZone' })}</dt>
        <dd title={appointment.timezone}>{zoneName(appointment.timezone, intl.locale)}</dd>
        <dt>{intl.formatMessage({ id: 'calendar.detail.scheduledSince' })}</dt>
        <dd>{appointment.referrer ?? '—'}</dd>
      </dl>
    </div>
  )
}
