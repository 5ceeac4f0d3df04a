import { useLayoutEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $calendarDate,
  $calendarDay,
  $calendarFeed,
  $calendarTimeZone,
  reloadCalendarDay,
  setCalendarTimeZone,
} from '../../stores/calendar/calendar'
import { dayOf } from '../../lib/zoned-time'
import { $link, type LinkState } from '../../stores/session/link-state'
import { $appointmentWatch } from '../../stores/calendar/calendar-watch'
import { $meetingEndWatch } from '../../stores/calendar/meeting-join'
import { $openAppointment, closeAppointment, openAppointment } from '../../stores/calendar/appointment'
import { $scheduleDrawer, closeScheduleDrawer } from '../../stores/calendar/schedule'
import { GenericError } from '../common/GenericError'
import { LazyOverlay } from '../common/LazyOverlay'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { CalendarToolbar } from './CalendarToolbar'
import { DayGrid } from './DayGrid'
import { calendarStyles } from './calendar.styles'
import { useDrawerHost } from './useDrawerHost'
import { useNow } from './useNow'
import { withMessages } from '../../stores/app/i18n'

const TODAY_REFRESH_MS = 60_000

/** Link states in which nothing loads until the link is back (the agent's login is not one). */
const LINK_DOWN: ReadonlySet<LinkState> = new Set(['reconnecting', 'duplicated', 'forced'])

// The drawers (Shoelace drawer, tabs, the dynamic form) are chunks of their own, loaded the first time
// one opens: the day view alone is what the sidebar needs to show.
const loadAppointmentDrawer = () =>
  withMessages('calendar/AppointmentDrawer', import('./AppointmentDrawer')).then((m) => ({
    default: m.AppointmentDrawer,
  }))
const loadScheduleDrawer = () =>
  withMessages('calendar/ScheduleDrawer', import('./ScheduleDrawer')).then((m) => ({
    default: m.ScheduleDrawer,
  }))

/** True from the first time `wanted` is true on (a drawer stays mounted to animate its closing). */
function useOnceWanted(wanted: boolean): boolean {
  const [seen, setSeen] = useState(wanted)
  if (wanted && !seen) setSeen(true)
  return seen || wanted
}

interface CalendarAreaProps {
  /** IANA zone of the grid; the browser's when absent (`<agent-calendar time-zone>`). */
  timeZone?: string | undefined
  /** Shows a button that opens the create drawer: `<agent-calendar>` alone has no shell button. */
  scheduleButton?: boolean | undefined
}

/**
 * The calendar sidebar (a lazy chunk): the day view of the shown agent's appointments, the detail
 * drawer, and the reschedule drawer. Mounting it starts the 5 s appointment check and its notices.
 */
export default function CalendarArea({ timeZone: zone, scheduleButton = false }: CalendarAreaProps) {
  const intl = useIntl()
  // A zone given by the element; without one the grid keeps the browser's (or what a test set). A
  // layout effect: set before the day feed subscribes, so the first request is already in that zone.
  useLayoutEffect(() => {
    if (!zone) return
    setCalendarTimeZone(zone)
    return () => setCalendarTimeZone(null)
  }, [zone])
  useShadowStyles(controlStyles, calendarStyles)
  const day = useStore($calendarDay)
  const link = useStore($link).state
  const date = useStore($calendarDate)
  const timeZone = useStore($calendarTimeZone)
  useStore($calendarFeed)
  useStore($appointmentWatch)
  useStore($meetingEndWatch)
  const now = useNow(TODAY_REFRESH_MS)
  const detailHost = useDrawerHost('detail')
  const scheduleHost = useDrawerHost('schedule')
  const detailOpen = useStore($openAppointment) !== null
  const scheduleOpen = useStore($scheduleDrawer).open
  const detailWanted = useOnceWanted(detailOpen)
  const scheduleWanted = useOnceWanted(scheduleOpen)
  const loading = day.status === 'loading' || day.status === 'idle'
  // The day waits for the link: while it is down, "Loading…" would promise what cannot come.
  const waitingForLink = day.status === 'idle' && LINK_DOWN.has(link)
  return (
    <section
      className="calendar-area"
      part="calendar"
      aria-label={intl.formatMessage({ id: 'calendar.title' })}
    >
      <CalendarToolbar date={date} isToday={date === dayOf(now, timeZone)} scheduleButton={scheduleButton} />
      {day.status === 'failed' ? (
        <GenericError
          messageId={day.error === 408 ? 'calendar.errors.findNoAnswer' : 'calendar.errors.find'}
          values={{ code: day.error ?? 500 }}
          onRetry={() => void reloadCalendarDay()}
        />
      ) : (
        <p className="calendar-status" role="status">
          {waitingForLink
            ? intl.formatMessage({ id: 'calendar.waitingForLink' })
            : loading
              ? intl.formatMessage({ id: 'app.loading' })
              : intl.formatMessage({ id: 'calendar.count' }, { count: day.appointments.length })}
        </p>
      )}
      <DayGrid date={date} timeZone={timeZone} appointments={day.appointments} onOpen={openAppointment} />
      {detailHost && detailWanted && (
        <LazyOverlay
          load={loadAppointmentDrawer}
          props={{}}
          titleId="calendar.detail.title"
          onClose={closeAppointment}
          open={detailOpen}
        />
      )}
      {scheduleHost && scheduleWanted && (
        <LazyOverlay
          load={loadScheduleDrawer}
          props={{}}
          titleId="shell.schedule"
          onClose={closeScheduleDrawer}
          open={scheduleOpen}
        />
      )}
    </section>
  )
}
