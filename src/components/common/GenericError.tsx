import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from './controls.styles'
import { loadAlert, useShoelaceWhen } from './shoelace-on-demand'
import { useBackOnline } from './useBackOnline'

interface GenericErrorProps {
  /** Which explanation to show. */
  messageId: MessageId
  /** Values of the message (the status code of `errors.generic`). */
  values?: Record<string, string | number>
  /** Called by the retry button. */
  onRetry: () => void
  /** When given, a second button reloads the page (what is left when retrying cannot help). */
  onReload?: (() => void) | undefined
  /** Retries by itself when the browser has the network back (a page's HTTP load that failed). */
  retryWhenOnline?: boolean
}

/** The generic error with a retry button: what a view shows instead of going blank. */
export function GenericError({
  messageId,
  values,
  onRetry,
  onReload,
  retryWhenOnline = false,
}: GenericErrorProps) {
  useShadowStyles(controlStyles)
  useBackOnline(onRetry, retryWhenOnline)
  useShoelaceWhen(true, loadAlert)
  return (
    <sl-alert variant="danger" open role="alert">
      <p>
        <FormattedMessage id={messageId} values={values ?? {}} />
      </p>
      <div className="error-actions">
        <button type="button" className="button small" onClick={onRetry}>
          <FormattedMessage id="errors.retry" />
        </button>
        {onReload && (
          <button type="button" className="button small" onClick={onReload}>
            <FormattedMessage id="errors.reloadPage" />
          </button>
        )}
      </div>
    </sl-alert>
  )
}
