import { useState } from 'react'
import { useIntl } from 'react-intl'
import { copyText } from '../../stores/app/clipboard'
import { registerCalendarIcons } from '../icons/calendar-icons'

// Its clipboard icon comes with the lazy chunk that shows it (the calendar's drawer), not with the first screen.
registerCalendarIcons()

interface CopyButtonProps {
  /** The text it copies. */
  value: string
  /** Its accessible name, e.g. "Copy the access URL". */
  label: string
}

/**
 * A named copy button with its outcome announced (Shoelace's copy button leaves its inner button
 * without a name: axe's `button-name`, critical).
 */
export function CopyButton({ value, label }: CopyButtonProps) {
  const intl = useIntl()
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => setOutcome((await copyText(value)) ? 'copied' : 'failed')
  return (
    <>
      <button
        type="button"
        className="icon-button copy-button"
        aria-label={label}
        title={label}
        onClick={() => void copy()}
      >
        <sl-icon name={outcome === 'copied' ? 'check2-circle' : 'clipboard'} aria-hidden="true"></sl-icon>
      </button>
      <span className="visually-hidden" role="status">
        {outcome === 'copied' && intl.formatMessage({ id: 'calendar.detail.copied' })}
        {outcome === 'failed' && intl.formatMessage({ id: 'calendar.detail.copyFailed' })}
      </span>
    </>
  )
}
