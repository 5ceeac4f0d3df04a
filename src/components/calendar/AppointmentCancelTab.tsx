import { useState } from 'react'
import { useIntl } from 'react-intl'
import { cancelAppointment } from '../../stores/calendar/appointment'
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/** The cancel tab: a reason, required, and the cancel button (`appointments:remove`). */
export function AppointmentCancelTab({ busy }: { busy: boolean }) {
  const intl = useIntl()
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const missing = reason.trim() === ''
  return (
    <form
      className="appointment-cancel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (!missing) void cancelAppointment(reason)
      }}
    >
      <sl-textarea
        className="cancel-reason"
        label={intl.formatMessage({ id: 'calendar.detail.cancelReason' })}
        required
        rows={3}
        maxlength={10_000}
        value={reason}
        aria-invalid={tried && missing ? 'true' : undefined}
        onsl-input={(event) => setReason((event.target as HTMLTextAreaElement).value)}
      ></sl-textarea>
      {tried && missing && (
        <p className="field-error" role="alert">
          {intl.formatMessage({ id: 'calendar.detail.cancelReasonRequired' })}
        </p>
      )}
      {/* Loading, not disabled, while it is sent: disabled would drop the focus; the store sends once. */}
      <sl-button type="submit" variant="danger" loading={busy}>
        {intl.formatMessage({ id: 'calendar.detail.cancelButton' })}
      </sl-button>
    </form>
  )
}
