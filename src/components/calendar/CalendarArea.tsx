import { useLayoutEffect } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $calendarDate,
  $calendarDay,
  $calendarFeed,
  $calendarTimeZone,
  reloadCalendarDay,
  setCalendarTimeZone,
} from '../../stores/calendar'
import { dayOf } from '../../stores/calendar-time'
import { $appointmentWatch } from '../../stores/calendar-watch'
import { $meetingEndWatch } from '../../stores/meeting-join'
import { openAppointment } from '../../stores/appointment'
import { GenericError } from '../common/GenericError'
import { useShadowStyles } from '../root/useShadowStyles'
import { CalendarToolbar } from './CalendarToolbar'
import { DayGrid } from './DayGrid'
import { AppointmentDrawer } from './AppointmentDrawer'
import { ScheduleDrawer } from './ScheduleDrawer'
import { calendarStyles } from './calendar.styles'
import { useDrawerHost } from './useDrawerHost'
import { useNow } from './useNow'

const TODAY_REFRESH_MS = 60_000

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
  useShadowStyles(calendarStyles)
  const day = useStore($calendarDay)
  const date = useStore($calendarDate)
  const timeZone = useStore($calendarTimeZone)
  useStore($calendarFeed)
  useStore($appointmentWatch)
  useStore($meetingEndWatch)
  const now = useNow(TODAY_REFRESH_MS)
  const detailHost = useDrawerHost('detail')
  const scheduleHost = useDrawerHost('schedule')
  const loading = day.status === 'loading' || day.status === 'idle'
  return (
    <section className="calendar-area" aria-label={intl.formatMessage({ id: 'calendar.title' })}>
      <CalendarToolbar date={date} isToday={date === dayOf(now, timeZone)} scheduleButton={scheduleButton} />
      {day.status === 'failed' ? (
        <GenericError
          messageId="calendar.errors.find"
          values={{ code: day.error ?? 500 }}
          onRetry={() => void reloadCalendarDay()}
        />
      ) : (
        <p className="calendar-status" role="status">
          {loading
            ? intl.formatMessage({ id: 'app.loading' })
            : intl.formatMessage({ id: 'calendar.count' }, { count: day.appointments.length })}
        </p>
      )}
      <DayGrid date={date} timeZone={timeZone} appointments={day.appointments} onOpen={openAppointment} />
      {detailHost && <AppointmentDrawer />}
      {scheduleHost && <ScheduleDrawer />}
    </section>
  )
}
