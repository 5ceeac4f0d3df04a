import type { EventContentArg, EventInput } from '@fullcalendar/core'
import type { Appointment } from '../../protocol'
import { canOpen, isPast } from '../../stores/calendar/appointment-rules'

/** Translated words an event shows: its status and its type. */
export interface EventLabels {
  status: Record<Appointment['status'], string>
  type: Record<Appointment['type'], string>
  /** Formats the start–end range in the grid's zone. */
  range: (start: number, end: number) => string
  /** The mark of an appointment whose end is past. */
  ended: string
}

/**
 * An appointment as a FullCalendar event: read-only; external ones are not interactive (they never
 * open); classes carry status, type and "past" so the grid shows them at a glance.
 */
export function toEvent(appointment: Appointment, now: number): EventInput {
  const past = isPast(appointment, now)
  return {
    id: appointment.id,
    title: appointment.title,
    start: appointment.startAt,
    end: appointment.endAt,
    interactive: canOpen(appointment),
    classNames: [
      'appointment',
      `status-${appointment.status}`,
      `type-${appointment.type}`,
      ...(past ? ['is-past'] : []),
    ],
    extendedProps: { appointment },
  }
}

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span')
  element.className = className
  element.textContent = text
  return element
}

/**
 * The inside of an event, built as plain DOM (no React portal per event: a busy day has hundreds):
 * time range, title, status and type badges, and the "ended" mark, which shows only while the event
 * has the `is-past` class (the minute tick changes only the class, not this cached content).
 */
export function renderEventContent(arg: EventContentArg, labels: EventLabels): { domNodes: Node[] } {
  const appointment = arg.event.extendedProps.appointment as Appointment
  const box = document.createElement('div')
  box.className = 'appointment-body'
  // What the grid finds the event by, to take the focus to it (a booked appointment).
  box.dataset.appointment = appointment.id
  const range = labels.range(Date.parse(appointment.startAt), Date.parse(appointment.endAt))
  box.append(span('appointment-time', range), span('appointment-title', appointment.title))
  const badges = document.createElement('span')
  badges.className = 'appointment-badges'
  // Blocked and external time has no customer, so no status worth showing: its type instead.
  if (appointment.type === 'regular')
    badges.append(
      span(`appointment-badge badge-status badge-${appointment.status}`, labels.status[appointment.status]),
    )
  else
    badges.append(
      span(`appointment-badge badge-type badge-${appointment.type}`, labels.type[appointment.type]),
    )
  badges.append(span('appointment-ended', labels.ended))
  box.append(badges)
  return { domNodes: [box] }
}

/**
 * FullCalendar's `eventContent` for a grid: one content node per appointment object, kept while the
 * appointment does not change, so FullCalendar leaves the DOM of unchanged events alone when it
 * renders the column again (a busy day re-renders hundreds of events on every change).
 */
export function eventContentRenderer(labels: EventLabels): (arg: EventContentArg) => { domNodes: Node[] } {
  const nodes = new WeakMap<Appointment, Node[]>()
  return (arg) => {
    const appointment = arg.event.extendedProps.appointment as Appointment
    let domNodes = nodes.get(appointment)
    if (!domNodes) nodes.set(appointment, (domNodes = renderEventContent(arg, labels).domNodes))
    return { domNodes }
  }
}
