import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $kickConfirming, $kicking, cancelKick, kickCustomer } from '../../stores/call/call-customer'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/** Asks before removing the customer from the call (they cannot come back into it). */
export function KickDialog() {
  const intl = useIntl()
  const kicking = useStore($kicking)
  const open = useStore($kickConfirming)
  return (
    <sl-dialog
      className="kick-dialog"
      label={intl.formatMessage({ id: 'call.kick.title' })}
      open={open}
      onsl-request-close={(event) => {
        if (event.target !== event.currentTarget) return
        // A kick under way cannot be taken back: the dialog stays until it is done.
        if (kicking) event.preventDefault()
        else cancelKick()
      }}
    >
      <p>
        <FormattedMessage id="call.kick.confirmText" />
      </p>
      <sl-button slot="footer" disabled={kicking} onClick={cancelKick}>
        <FormattedMessage id="call.cancel" />
      </sl-button>
      <sl-button
        slot="footer"
        variant="danger"
        className="confirm-kick"
        loading={kicking}
        onClick={() => void kickCustomer()}
      >
        <FormattedMessage id="call.kick.confirm" />
      </sl-button>
    </sl-dialog>
  )
}
