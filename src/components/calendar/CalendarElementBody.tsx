import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $signedIn } from '../../stores/session/session'
import { $consoleSettings } from '../../stores/profile/settings'
import { connectRealtime } from '../../stores/session/realtime-session'
import { loadCalendarArea } from '../areas'
import { LazyArea } from '../common/LazyArea'

/**
 * What `<agent-calendar>` shows: the calendar area (a lazy chunk) once an agent is signed in and the
 * account has the calendar; it connects the page's session itself, since it may be alone on the page.
 */
export function CalendarElementBody({ timeZone }: { timeZone?: string | undefined }) {
  const signedIn = useStore($signedIn)
  const settings = useStore($consoleSettings)
  useEffect(() => {
    if (signedIn) connectRealtime()
  }, [signedIn])
  if (!signedIn)
    return (
      <p className="calendar-message">
        <FormattedMessage id="calendar.signedOut" />
      </p>
    )
  if (settings && !settings.calendarEnabled)
    return (
      <p className="calendar-message">
        <FormattedMessage id="calendar.disabled" />
      </p>
    )
  return <LazyArea load={loadCalendarArea} props={{ timeZone, scheduleButton: true }} />
}
