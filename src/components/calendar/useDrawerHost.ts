import { useEffect, useState } from 'react'
import { useStore } from '@nanostores/react'
import {
  $calendarHosts,
  claimCalendarHost,
  releaseCalendarHost,
  type CalendarDrawer,
} from '../../stores/calendar/calendar-hosts'

/**
 * Whether this view renders the drawer: only the first mounted view of the page does, and another
 * takes over when it leaves.
 *
 * @example
 * if (!useDrawerHost('schedule')) return null
 */
export function useDrawerHost(drawer: CalendarDrawer): boolean {
  const [me] = useState(() => Symbol(drawer))
  const host = useStore($calendarHosts)[drawer]
  useEffect(() => {
    claimCalendarHost(drawer, me)
    return () => releaseCalendarHost(drawer, me)
  }, [drawer, me])
  useEffect(() => {
    if (host === null) claimCalendarHost(drawer, me)
  }, [drawer, host, me])
  return host === me
}
