/**
 * Dates and times of the manage page, written with Intl in the page's language (the sentences around
 * them are in it too) and in the browser's own time zone unless told otherwise.
 */
import { language } from './i18n'

const LOCALE = language

/** The browser's time zone (IANA). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** "Tuesday, May 12, 2026, 10:00 – 10:30 AM": an appointment's span in `zone`. */
export function formatSpan(startAt: string, endAt: string, zone: string): string {
  const format = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'full', timeStyle: 'short', timeZone: zone })
  return format.formatRange(Date.parse(startAt), Date.parse(endAt))
}

/** "Tuesday, May 12, 2026 at 10:00 AM": an instant in `zone`. */
export function formatMoment(utc: string, zone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(
    Date.parse(utc),
  )
}

/** "Tuesday, May 12, 2026": the day of an instant in `zone`. */
export function formatDate(utc: string, zone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'full', timeZone: zone }).format(Date.parse(utc))
}

/** "Mon" … "Sun": the weekdays' short names, from Monday. */
export function weekdayNames(): string[] {
  const format = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', timeZone: 'UTC' })
  // January 1, 2024 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2024, 0, 1 + index)))
}

/** "10:00 AM": the time of an instant in `zone`. */
export function formatTime(utc: string, zone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeStyle: 'short', timeZone: zone }).format(Date.parse(utc))
}

/** "May 2026": a month given by its first day (YYYY-MM-DD). */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${month}T12:00:00.000Z`),
  )
}

/** "Chile Time (America/Santiago)": a zone's name, with its IANA id for whoever knows it by that. */
export function formatZone(zone: string): string {
  const name = new Intl.DateTimeFormat(LOCALE, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(Date.now())
    .find((part) => part.type === 'timeZoneName')?.value
  return name && name !== zone ? `${name} (${zone})` : zone
}

/** Today in `zone`, as YYYY-MM-DD. */
export function todayIn(zone: string, now = Date.now()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now)
}

/** The first day (YYYY-MM-01) of the month `offset` months after the one of `date` (YYYY-MM-DD). */
export function monthOf(date: string, offset = 0): string {
  const [year, month] = date.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(year, month - 1 + offset, 1))
  return first.toISOString().slice(0, 10)
}

/** The date (YYYY-MM-DD) of day `day` of `month` (YYYY-MM-01). */
export function dayOf(month: string, day: number): string {
  return `${month.slice(0, 8)}${String(day).padStart(2, '0')}`
}
