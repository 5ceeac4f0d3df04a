import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import esLocale from '@fullcalendar/core/locales/es'
import frLocale from '@fullcalendar/core/locales/fr'
import type { EventClickArg } from '@fullcalendar/core'
import type { Appointment } from '../../protocol'
import { CALENDAR_SCROLL_DELAY_MS, WEEK_START_DAY } from '../../constants'
import { clock } from '../../services/clock'
import { wallClockAt } from '../../lib/zoned-time'
import { intlTimeZonePlugin } from './intl-time-zone-plugin'
import { eventContentRenderer } from './appointment-event'
import { useEventSync } from './useEventSync'
import { useEventLabels } from './useEventLabels'
import { useNow } from './useNow'
import { useAppointmentReveal } from './useAppointmentReveal'

/**
 * Below this height (px) an appointment is drawn on one line, its badge whole: two lines of the event's
 * small text and its padding need about 46 px (FullCalendar's own 30 px cut a 45-minute box's badge at
 * 390 px, where half an hour is 26 px high).
 */
const EVENT_SHORT_HEIGHT_PX = 46

/** Past appointments dim on the minute they end. */
const DIM_REFRESH_MS = 60_000

const plugins = [timeGridPlugin, intlTimeZonePlugin]
const locales = [esLocale, frLocale]
// FullCalendar reads the console's clock, so a faked clock moves the now line too.
const readNow = () => clock.date()
const timeFormat = { hour: 'numeric', minute: '2-digit' } as const

interface DayGridProps {
  /** `YYYY-MM-DD` in `timeZone`. */
  date: string
  /** The zone the grid shows (the agent's). */
  timeZone: string
  appointments: readonly Appointment[]
  /** An appointment was clicked or chosen with the keyboard. */
  onOpen: (appointment: Appointment) => void
}

/** The time of day it is now in `timeZone`, as FullCalendar's scroll takes it. */
function timeOfDayNow(timeZone: string) {
  const { hour, minute } = wallClockAt(clock.now(), timeZone)
  return { hours: hour, minutes: minute }
}

/**
 * The day view: FullCalendar's time grid, read-only (no selection, no drag, no popups), Monday-first,
 * in the agent's zone, scrolled to the current time 4 s after it is created (SPEC §2).
 */
export function DayGrid({ date, timeZone, appointments, onOpen }: DayGridProps) {
  const locale = useIntl().locale
  const calendar = useRef<FullCalendar>(null)
  const gridElement = useRef<HTMLDivElement>(null)
  // Later days are reached with `gotoDate`; the first one only starts the view.
  const [firstDate] = useState(date)
  const now = useNow(DIM_REFRESH_MS)
  const labels = useEventLabels(timeZone)
  useEventSync(calendar, appointments, now)
  useAppointmentReveal(gridElement, date)
  // Stable: a new function per render would make FullCalendar re-process its options. Per grid, so
  // two grids never share (and steal each other's) content nodes.
  const content = useMemo(() => eventContentRenderer(labels), [labels])
  const click = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault()
      onOpen(arg.event.extendedProps.appointment as Appointment)
    },
    [onOpen],
  )

  useEffect(() => {
    calendar.current?.getApi().gotoDate(date)
  }, [date])

  useEffect(() => {
    const timer = clock.setTimeout(
      () => calendar.current?.getApi().scrollToTime(timeOfDayNow(timeZone)),
      CALENDAR_SCROLL_DELAY_MS,
    )
    return () => clock.clearTimeout(timer)
    // Once, after creation: later zone changes keep the agent's scroll position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The same element while the options stay the same: React then leaves FullCalendar alone when only
  // the appointments change (they reach it through its API), instead of having it re-check every option.
  const grid = useMemo(
    () => (
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        locales={locales}
        locale={locale}
        timeZone={timeZone}
        now={readNow}
        initialView="timeGridDay"
        initialDate={firstDate}
        firstDay={WEEK_START_DAY}
        headerToolbar={false}
        dayHeaders={false}
        allDaySlot={false}
        nowIndicator
        editable={false}
        selectable={false}
        eventStartEditable={false}
        eventDurationEditable={false}
        navLinks={false}
        height="100%"
        expandRows
        slotEventOverlap={false}
        slotDuration="00:30:00"
        slotLabelFormat={timeFormat}
        displayEventTime={false}
        eventShortHeight={EVENT_SHORT_HEIGHT_PX}
        eventContent={content}
        eventClick={click}
      />
    ),
    [locale, timeZone, firstDate, content, click],
  )
  return (
    <div ref={gridElement} className="day-grid">
      {grid}
    </div>
  )
}
