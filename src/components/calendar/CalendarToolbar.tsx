import { useIntl } from 'react-intl'
import { showNextDay, showPreviousDay, showToday } from '../../stores/calendar/calendar'
import { utcNoonOf } from '../../lib/zoned-time'
import { openScheduleDrawer } from '../../stores/calendar/schedule'
import { UsersSelect } from './UsersSelect'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import { registerCalendarIcons } from '../icons/calendar-icons'

// The day arrows come with the calendar's lazy chunk, not with the first screen.
registerCalendarIcons()

interface CalendarToolbarProps {
  /** The shown day, `YYYY-MM-DD`. */
  date: string
  /** Whether the shown day is today (the today button is then idle). */
  isToday: boolean
  /** Offers the create drawer here (a standalone calendar has no shell schedule button). */
  scheduleButton: boolean
}

/** Previous and next day, the weekday and date of the shown day, back to today, and the users selector. */
export function CalendarToolbar({ date, isToday, scheduleButton }: CalendarToolbarProps) {
  const intl = useIntl()
  // Noon UTC never crosses a day boundary in the UTC formatter: the date formats as itself.
  const noon = utcNoonOf(date)
  const weekday = intl.formatDate(noon, { weekday: 'long', timeZone: 'UTC' })
  const longDate = intl.formatDate(noon, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  return (
    <div className="calendar-toolbar">
      <div className="calendar-nav">
        <button
          type="button"
          className="icon-button previous-day"
          aria-label={intl.formatMessage({ id: 'calendar.previousDay' })}
          onClick={showPreviousDay}
        >
          <sl-icon name="chevron-left" aria-hidden="true"></sl-icon>
        </button>
        <h2 className="calendar-heading" aria-live="polite">
          <span className="calendar-weekday">{weekday}</span>
          <span className="calendar-date">{longDate}</span>
        </h2>
        <button
          type="button"
          className="icon-button next-day"
          aria-label={intl.formatMessage({ id: 'calendar.nextDay' })}
          onClick={showNextDay}
        >
          <sl-icon name="chevron-right" aria-hidden="true"></sl-icon>
        </button>
        {/* aria-disabled on today, not disabled: pressing it would otherwise drop the keyboard focus. */}
        <button
          type="button"
          className="button small today"
          aria-disabled={isToday}
          onClick={() => !isToday && showToday()}
        >
          {intl.formatMessage({ id: 'calendar.today' })}
        </button>
      </div>
      <UsersSelect />
      {scheduleButton && (
        <button
          type="button"
          className="button small primary new-appointment"
          onClick={() => openScheduleDrawer()}
        >
          <sl-icon name="calendar-event" aria-hidden="true"></sl-icon>
          {intl.formatMessage({ id: 'calendar.schedule.createTitle' })}
        </button>
      )}
    </div>
  )
}
