import { useIntl } from 'react-intl'
import { addMonths, utcNoonOf } from '../../lib/zoned-time'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
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
  const intl = useIntl()
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
      <sl-icon-button
        name="chevron-left"
        label={intl.formatMessage({ id: 'calendar.schedule.previousMonth' })}
        disabled={month <= minimum}
        onClick={() => onChange(addMonths(month, -1))}
      ></sl-icon-button>
      <span className="month-name" aria-live="polite">
        {name}
      </span>
      <sl-icon-button
        name="chevron-right"
        label={intl.formatMessage({ id: 'calendar.schedule.nextMonth' })}
        onClick={() => onChange(addMonths(month, 1))}
      ></sl-icon-button>
    </div>
  )
}
