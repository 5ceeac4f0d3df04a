import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'
import { loadAlert, useShoelaceWhen } from './shoelace-on-demand'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface GenericErrorProps {
  /** Which explanation to show. */
  messageId: MessageId
  /** Values of the message (the status code of `errors.generic`). */
  values?: Record<string, string | number>
  /** Called by the retry button. */
  onRetry: () => void
}

/** The generic error with a retry button: what a view shows instead of going blank. */
export function GenericError({ messageId, values, onRetry }: GenericErrorProps) {
  useShoelaceWhen(true, loadAlert)
  return (
    <sl-alert variant="danger" open role="alert">
      <p>
        <FormattedMessage id={messageId} values={values ?? {}} />
      </p>
      <sl-button size="small" variant="default" onClick={onRetry}>
        <FormattedMessage id="errors.retry" />
      </sl-button>
    </sl-alert>
  )
}
