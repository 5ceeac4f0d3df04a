/**
 * Wall-clock time in IANA zones with the browser's own zone database (Intl), no library: the grid, the
 * drawers and the FullCalendar zone plugin all read the same rules, including the days when daylight
 * saving starts or ends. Instants are epoch milliseconds; calendar dates are `YYYY-MM-DD` strings.
 *
 * @example
 * zonedToUtc({ year: 2026, month: 4, day: 5, hour: 10, minute: 0 }, 'America/Santiago')
 * dayOf(Date.parse('2026-04-05T02:30:00Z'), 'America/Santiago') // '2026-04-04'
 */

/** A wall-clock reading: month 1–12, hour 0–23. */
export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second?: number
  millisecond?: number
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()

// One formatter per zone: building them is the slow part of Intl.
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    partsFormats.set(timeZone, format)
  }
  return format
}

// Readings already made, per zone: a day of appointments asks for the same instants many times.
const readings = new Map<string, Map<number, Required<WallClock>>>()
const READINGS_KEPT = 4096

/** The wall clock of `zone` at the instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): Required<WallClock> {
  let known = readings.get(timeZone)
  const cached = known?.get(ms)
  if (cached) return { ...cached }
  const reading: Record<string, number> = {}
  for (const part of partsFormat(timeZone).formatToParts(ms))
    if (part.type !== 'literal') reading[part.type] = Number(part.value)
  const wall = {
    year: reading.year!,
    month: reading.month!,
    day: reading.day!,
    hour: reading.hour! % 24,
    minute: reading.minute!,
    second: reading.second!,
    millisecond: ((ms % 1000) + 1000) % 1000,
  }
  if (!known || known.size >= READINGS_KEPT) readings.set(timeZone, (known = new Map()))
  known.set(ms, wall)
  return { ...wall }
}

function wallAsUtc(wall: WallClock): number {
  return Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second ?? 0,
    wall.millisecond ?? 0,
  )
}

/** How far `zone` is ahead of UTC at the instant `ms`, in ms (negative west of Greenwich). */
export function zoneOffsetAt(ms: number, timeZone: string): number {
  return wallAsUtc(wallClockAt(ms, timeZone)) - ms
}

/**
 * The instant a wall-clock reading names in `zone`. A reading the clocks skip (spring forward) moves
 * forward by the gap; a reading that happens twice (fall back) is the earlier one: what people mean
 * and what Temporal calls "compatible".
 */
export function zonedToUtc(wall: WallClock, timeZone: string): number {
  const local = wallAsUtc(wall)
  // The offset may differ a few hours either side of the reading: try both and keep the consistent one.
  const offsets = [zoneOffsetAt(local - 86_400_000, timeZone), zoneOffsetAt(local + 86_400_000, timeZone)]
  const candidates = [...new Set(offsets)]
    .map((offset) => local - offset)
    .filter((instant) => zoneOffsetAt(instant, timeZone) === local - instant)
  if (candidates.length > 0) return Math.min(...candidates)
  // In a gap: read it with the offset in force before the change.
  return local - Math.min(...offsets)
}

/** `YYYY-MM-DD` of a wall clock. */
export function formatDate({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Reads `YYYY-MM-DD`. */
export function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number)
  return { year: year!, month: month!, day: day! }
}

/** The calendar date in `zone` at the instant `ms`. */
export function dayOf(ms: number, timeZone: string): string {
  return formatDate(wallClockAt(ms, timeZone))
}

/** A date `days` later (or earlier) than `date`. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date)
  const moved = new Date(Date.UTC(year, month - 1, day + days))
  return formatDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() })
}

/** The first day of the month `months` after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const { year, month } = parseDate(date)
  const moved = new Date(Date.UTC(year, month - 1 + months, 1))
  return formatDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: 1 })
}

/** The first day of the month of `date`. */
export function startOfMonth(date: string): string {
  return addMonths(date, 0)
}

/** The instant midnight of `date` starts in `zone` (not always 00:00: some zones skip it). */
export function startOfDayUtc(date: string, timeZone: string): number {
  return zonedToUtc({ ...parseDate(date), hour: 0, minute: 0 }, timeZone)
}

/** `YYYY-MM-DDTHH:mm` of the instant in `zone`: the value of a `datetime-local` input. */
export function toLocalInput(ms: number, timeZone: string): string {
  const wall = wallClockAt(ms, timeZone)
  return `${formatDate(wall)}T${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`
}

/** The instant a `datetime-local` value names in `zone`; null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value)
  if (!match) return null
  const [, year, month, day, hour, minute] = match.map(Number)
  return zonedToUtc({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, timeZone)
}
