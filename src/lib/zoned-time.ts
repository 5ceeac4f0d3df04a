import { tzOffset, TZDateMini } from '@date-fns/tz'
import { addDays as addCalendarDays, addMonths as addCalendarMonths, getISODay } from 'date-fns'

/**
 * Wall-clock time in IANA zones, shared by the console and the reference server: the zone rules come
 * from `@date-fns/tz` (the runtime's own zone database through Intl), calendar arithmetic from
 * `date-fns`. Instants are epoch milliseconds; calendar dates are `YYYY-MM-DD` strings. Every answer
 * is the same whatever the zone of the machine running it.
 *
 * @example
 * zonedToUtc({ year: 2026, month: 4, day: 4, hour: 23, minute: 30 }, 'America/Santiago') // 02:30Z, the first 23:30
 * dayOf(Date.parse('2026-04-05T03:30:00Z'), 'America/Santiago') // '2026-04-04'
 * dayRangeUtc('2026-09-06', 'America/Santiago') // a 23-hour day
 */

/** A calendar date: month 1–12. */
export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** A wall-clock reading: month 1–12, hour 0–23. */
export interface WallClock extends CalendarDate {
  hour: number
  minute: number
  second?: number
  millisecond?: number
}

/** A full reading of an instant in a zone, with its ISO weekday (1 Monday … 7 Sunday). */
export interface ZonedReading extends Required<WallClock> {
  weekday: number
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/** Whether the runtime knows this IANA zone name (offset strings like `+03:00` are not zone names). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || !/^[A-Za-z]/.test(timeZone)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

/** How far `timeZone` is ahead of UTC at the instant `ms`, in ms (negative west of Greenwich). */
export function zoneOffsetAt(ms: number, timeZone: string): number {
  // Whole minutes: historical local mean times have seconds, which no wall clock here shows.
  return Math.round(tzOffset(timeZone, new Date(ms))) * MINUTE_MS
}

// Readings already made, per zone: a day of appointments asks for the same instants many times.
const readings = new Map<string, Map<number, ZonedReading>>()
const READINGS_KEPT = 4096

/** The wall clock of `timeZone` at the instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): ZonedReading {
  let known = readings.get(timeZone)
  const cached = known?.get(ms)
  if (cached) return { ...cached }
  const date = new TZDateMini(ms, timeZone)
  const reading: ZonedReading = {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
    millisecond: date.getMilliseconds(),
    weekday: getISODay(date),
  }
  if (Number.isNaN(reading.year)) throw new RangeError(`No wall clock for ${ms} in ${timeZone}`)
  if (!known || known.size >= READINGS_KEPT) readings.set(timeZone, (known = new Map()))
  known.set(ms, reading)
  return { ...reading }
}

/** The reading as if it were UTC: the "local" number zone offsets are measured against. */
function asUtc(wall: WallClock): number {
  const ms = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
  return ms + (wall.millisecond ?? 0)
}

/**
 * The instant a wall-clock reading names in `timeZone`. A reading that happens twice (clocks go back)
 * is the earlier one; a reading the clocks skip (spring forward) moves forward by the gap (02:30 →
 * 03:30): what people mean, and what Temporal calls "compatible".
 */
export function zonedToUtc(wall: CalendarDate & Partial<WallClock>, timeZone: string): number {
  const local = asUtc({ hour: 0, minute: 0, ...wall })
  // Zones never change twice within a day: the offsets a day either side are the only candidates.
  const before = zoneOffsetAt(local - DAY_MS, timeZone)
  const after = zoneOffsetAt(local + DAY_MS, timeZone)
  const readsAs = (offset: number) => zoneOffsetAt(local - offset, timeZone) === offset
  const candidates = [local - before, local - after].filter((_, index) =>
    readsAs(index === 0 ? before : after),
  )
  if (candidates.length > 0) return Math.min(...candidates)
  // In a gap: read it with the offset in force before the change.
  if (Number.isNaN(before)) throw new RangeError(`Unknown time zone ${timeZone}`)
  return local - before
}

/** `YYYY-MM-DD` of a calendar date. */
export function formatDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** `HH:mm` of a wall clock. */
export function formatTime({ hour, minute }: Pick<WallClock, 'hour' | 'minute'>): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

/**
 * Reads `YYYY-MM-DD` (or `YYYY-MM`, day 1); null when it is not a real calendar date. Years past 9999
 * have more digits, as `formatDate` writes them (the day after 9999-12-31 is 10000-01-01).
 */
export function parseDate(date: string): CalendarDate | null {
  const match = /^(\d{4,6})-(\d{2})(?:-(\d{2}))?$/.exec(date)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '1')]
  const moved = utcDate({ year, month, day })
  if (moved.getUTCMonth() + 1 !== month || moved.getUTCDate() !== day) return null
  return { year, month, day }
}

/** Like `parseDate`, for dates the program made itself: a malformed one throws (a bug, not input). */
export function readDate(date: string): CalendarDate {
  const parts = parseDate(date)
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`)
  return parts
}

// Calendar arithmetic on a date pinned to UTC, so date-fns never meets the machine's own zone.
function utcDate({ year, month, day }: CalendarDate): Date {
  const date = new TZDateMini(Date.UTC(2000, 0, 1), 'UTC')
  date.setFullYear(year, month - 1, day)
  return date
}

function dateOf(date: Date): string {
  return formatDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() })
}

/** A calendar date as an instant that reads as that date in UTC (noon: for formatting it with `timeZone: 'UTC'`). */
export function utcNoonOf(date: string): number {
  return utcDate(readDate(date)).getTime() + DAY_MS / 2
}

/** The calendar date in `timeZone` at the instant `ms`. */
export function dayOf(ms: number, timeZone: string): string {
  return formatDate(wallClockAt(ms, timeZone))
}

/** `HH:mm` in `timeZone` at the instant `ms`. */
export function timeOf(ms: number, timeZone: string): string {
  return formatTime(wallClockAt(ms, timeZone))
}

/** A date `days` later (or earlier) than `date`. */
export function addDays(date: string, days: number): string {
  return dateOf(addCalendarDays(utcDate(readDate(date)), days))
}

/** The first day of the month `months` after the month of `date`. */
export function addMonths(date: string, months: number): string {
  return dateOf(addCalendarMonths(utcDate({ ...readDate(date), day: 1 }), months))
}

/** The first day of the month of `date`. */
export function startOfMonth(date: string): string {
  return addMonths(date, 0)
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  return getISODay(utcDate(readDate(date)))
}

/** The instant `date` starts in `timeZone` (not always 00:00: some zones skip midnight). */
export function startOfDayUtc(date: string, timeZone: string): number {
  return zonedToUtc(readDate(date), timeZone)
}

/** The instants `[start, end)` of a local day in `timeZone`: 23, 24 or 25 hours long. */
export function dayRangeUtc(date: string, timeZone: string): { start: number; end: number } {
  return { start: startOfDayUtc(date, timeZone), end: startOfDayUtc(addDays(date, 1), timeZone) }
}

/** The instants `[start, end)` of the local month of `date` in `timeZone`. */
export function monthRangeUtc(date: string, timeZone: string): { start: number; end: number } {
  const first = startOfMonth(date)
  return { start: startOfDayUtc(first, timeZone), end: startOfDayUtc(addMonths(first, 1), timeZone) }
}

/** `YYYY-MM-DDTHH:mm` of the instant in `timeZone`: the value of a `datetime-local` input. */
export function toLocalInput(ms: number, timeZone: string): string {
  const wall = wallClockAt(ms, timeZone)
  return `${formatDate(wall)}T${formatTime(wall)}`
}

/** The instant a `datetime-local` value names in `timeZone`; null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value)
  const date = match ? parseDate(match[1]!) : null
  const [hour, minute] = [Number(match?.[2]), Number(match?.[3])]
  if (!date || hour > 23 || minute > 59) return null
  return zonedToUtc({ ...date, hour, minute }, timeZone)
}
