import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'

/** A page's loading line. */
export function PageLoading({ messageId = 'app.loading' }: { messageId?: MessageId }) {
  return (
    <p className="page-state" role="status">
      <FormattedMessage id={messageId} />
    </p>
  )
}

/** A page's "nothing here" line. */
export function PageEmpty({ messageId }: { messageId: MessageId }) {
  return (
    <p className="page-state page-empty">
      <FormattedMessage id={messageId} />
    </p>
  )
}
