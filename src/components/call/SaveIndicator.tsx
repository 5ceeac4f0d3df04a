import { FormattedMessage } from 'react-intl'
import type { SaveStatus } from '../../stores/call/call-comments'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'

/** The auto-save state of a field, announced politely to screen readers. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  return (
    <span className={`save-indicator save-${status}`} role="status" aria-live="polite">
      {status === 'saving' && <sl-spinner aria-hidden="true"></sl-spinner>}
      {status !== 'idle' && <FormattedMessage id="call.save.status" values={{ status }} />}
    </span>
  )
}
