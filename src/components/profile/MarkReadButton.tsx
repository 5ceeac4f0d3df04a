import { FormattedMessage, useIntl } from 'react-intl'

interface MarkReadButtonProps {
  /** The title of what it marks (its accessible name says which). */
  title: string
  onMark: () => void
}

/** "Mark as read" for one notification or announcement, named after it for screen readers. */
export function MarkReadButton({ title, onMark }: MarkReadButtonProps) {
  const intl = useIntl()
  return (
    <button
      type="button"
      className="button small text mark-one"
      aria-label={intl.formatMessage({ id: 'notifications.markOneLabel' }, { title })}
      onClick={onMark}
    >
      <FormattedMessage id="notifications.markOne" />
    </button>
  )
}
