import { useLayoutEffect, useRef, type RefObject } from 'react'
import type FullCalendar from '@fullcalendar/react'
import type { CalendarApi } from '@fullcalendar/core'
import type { Appointment } from '../../protocol'
import { isPast } from '../../stores/calendar/appointment-rules'
import { toEvent } from './appointment-event'

/** The one event source the grid's events live in. */
const SOURCE = 'appointments'
/** Past this many changes at once (another day, another agent), the whole source is replaced in one go. */
const BULK_CHANGES = 12

type Shown = Map<string, { appointment: Appointment; past: boolean }>

/**
 * Keeps FullCalendar's events in step with the appointments by changes, through its API: a new day
 * replaces the event source in one action; a few changed appointments replace only their events; an
 * event whose end just passed only gets its classes again. Handing FullCalendar a new `events` array
 * instead re-renders every event of the day on every change (≈400 ms for 300 events).
 *
 * @example
 * useEventSync(calendar, appointments, now)
 */
export function useEventSync(
  calendar: RefObject<FullCalendar | null>,
  appointments: readonly Appointment[],
  now: number,
): void {
  // What FullCalendar shows: the appointment object each event came from, and whether it was past.
  const shown = useRef<Shown>(new Map())

  // A layout effect: the grid changes in the same frame as the data, not one task later.
  useLayoutEffect(() => {
    const api = calendar.current?.getApi()
    if (!api) return
    const current = shown.current
    const next = new Map(appointments.map((appointment) => [appointment.id, appointment]))
    const removed = [...current.keys()].filter((id) => !next.has(id))
    const changed = appointments.filter(
      (appointment) => current.get(appointment.id)?.appointment !== appointment,
    )
    if (removed.length + changed.length > BULK_CHANGES) {
      replaceAll(api, appointments, now)
      shown.current = new Map(
        appointments.map((appointment) => [appointment.id, { appointment, past: isPast(appointment, now) }]),
      )
      return
    }
    batch(api, () => {
      if (!api.getEventSourceById(SOURCE)) api.addEventSource({ id: SOURCE, events: [] })
      for (const id of removed) {
        api.getEventById(id)?.remove()
        current.delete(id)
      }
      for (const appointment of changed) {
        api.getEventById(appointment.id)?.remove()
        api.addEvent(toEvent(appointment, now), SOURCE)
        current.set(appointment.id, { appointment, past: isPast(appointment, now) })
      }
      // The minute ticked: only events that just ended change (they dim).
      for (const [id, entry] of current) {
        const past = isPast(entry.appointment, now)
        if (past === entry.past) continue
        api.getEventById(id)?.setProp('classNames', toEvent(entry.appointment, now).classNames)
        current.set(id, { ...entry, past })
      }
    })
  }, [calendar, appointments, now])
}

function replaceAll(api: CalendarApi, appointments: readonly Appointment[], now: number): void {
  batch(api, () => {
    api.getEventSourceById(SOURCE)?.remove()
    api.addEventSource({ id: SOURCE, events: appointments.map((appointment) => toEvent(appointment, now)) })
  })
}

// `batchRendering` is public (docs: Calendar::batchRendering) but missing from the CalendarApi type.
function batch(api: CalendarApi, run: () => void): void {
  ;(api as CalendarApi & { batchRendering(callback: () => void): void }).batchRendering(run)
}
