import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'

interface PagePlaceholderProps {
  /** The page's title. */
  titleId: MessageId
}

/** A page that a later feature fills: its translated title and a short note. */
export function PagePlaceholder({ titleId }: PagePlaceholderProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h2 id="page-title">
        <FormattedMessage id={titleId} />
      </h2>
      <p className="help">
        <FormattedMessage id="pages.comingSoon" />
      </p>
    </section>
  )
}
