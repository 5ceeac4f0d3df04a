import { useIntl } from 'react-intl'
import { addMonths, utcNoonOf } from '../../lib/zoned-time'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { registerCalendarIcons } from '../icons/calendar-icons'

// The month arrows come with the schedule drawer's lazy chunk, not with the first screen.
registerCalendarIcons()

interface MonthPickerProps {
  /** First day of the shown month. */
  month: string
  /** First day of the current month: the earliest that can be shown. */
  minimum: string
  onChange: (month: string) => void
}

/** Previous and next month around the month's name; never before the current month (SPEC §5). */
export function MonthPicker({ month, minimum, onChange }: MonthPickerProps) {
  useShadowStyles(controlStyles)
  const intl = useIntl()
  const first = month <= minimum
  const name = intl.formatDate(utcNoonOf(month), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return (
    <div
      className="month-picker"
      role="group"
      aria-label={intl.formatMessage({ id: 'calendar.schedule.month' })}
    >
      {/* Native, with aria-disabled at the first month: disabled would drop the keyboard focus there. */}
      <button
        type="button"
        className="icon-button previous-month"
        aria-label={intl.formatMessage({ id: 'calendar.schedule.previousMonth' })}
        aria-disabled={first}
        onClick={() => !first && onChange(addMonths(month, -1))}
      >
        <sl-icon name="chevron-left" aria-hidden="true"></sl-icon>
      </button>
      <span className="month-name" aria-live="polite">
        {name}
      </span>
      <button
        type="button"
        className="icon-button next-month"
        aria-label={intl.formatMessage({ id: 'calendar.schedule.nextMonth' })}
        onClick={() => onChange(addMonths(month, 1))}
      >
        <sl-icon name="chevron-right" aria-hidden="true"></sl-icon>
      </button>
    </div>
  )
}
