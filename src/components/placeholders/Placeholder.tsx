import { FormattedMessage, useIntl } from 'react-intl'
import type { MessageId } from '../../stores/i18n'

interface PlaceholderProps {
  /** The title of the area this placeholder stands for. */
  titleId: MessageId
}

/** A small translated stand-in for an area that a later feature fills. */
export function Placeholder({ titleId }: PlaceholderProps) {
  const intl = useIntl()
  const language = new Intl.DisplayNames([intl.locale], { type: 'language' }).of(intl.locale) ?? intl.locale
  return (
    <section className="placeholder" aria-label={intl.formatMessage({ id: titleId })}>
      <strong>
        <FormattedMessage id={titleId} />
      </strong>{' '}
      <small>
        <FormattedMessage id="placeholder.language" values={{ language }} />
      </small>
    </section>
  )
}
