import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $kicking, kickCustomer } from '../../stores/call/call-customer'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface KickDialogProps {
  open: boolean
  onClose: () => void
}

/** Asks before removing the customer from the call (they cannot come back into it). */
export function KickDialog({ open, onClose }: KickDialogProps) {
  const intl = useIntl()
  const kicking = useStore($kicking)
  return (
    <sl-dialog
      className="kick-dialog"
      label={intl.formatMessage({ id: 'call.kick.title' })}
      open={open}
      onsl-request-close={(event) => {
        if (event.target === event.currentTarget && !kicking) onClose()
      }}
    >
      <p>
        <FormattedMessage id="call.kick.confirmText" />
      </p>
      <sl-button slot="footer" disabled={kicking} onClick={onClose}>
        <FormattedMessage id="call.cancel" />
      </sl-button>
      <sl-button
        slot="footer"
        variant="danger"
        className="confirm-kick"
        loading={kicking}
        onClick={() => void kickCustomer().then((done) => done && onClose())}
      >
        <FormattedMessage id="call.kick.confirm" />
      </sl-button>
    </sl-dialog>
  )
}
