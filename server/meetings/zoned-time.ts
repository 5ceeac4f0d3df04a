/**
 * Time-zone arithmetic with `Intl` only: local wall time in an IANA zone ↔ UTC instants, correct on
 * the days daylight saving starts and ends (a local day may last 23 or 25 hours).
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone)
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
    formatters.set(timeZone, cached)
  }
  return cached
}

/** Whether a zone name is known to this runtime. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

/** The wall-clock parts of an instant in a zone. */
export interface LocalParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

/** The local date and time of `instant` in `timeZone`. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {}
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1,
  }
}

/** Milliseconds the zone is ahead of UTC at `instant` (to the minute). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(instant / 60_000) * 60_000
}

const DAY_MS = 86_400_000

/**
 * The UTC instant of a local wall time in a zone. A wall time repeated when clocks go back maps to
 * its first occurrence; one inside a spring-forward gap moves forward by the gap (02:30 → 03:30),
 * as `Temporal`'s "compatible" disambiguation does.
 */
export function zonedToUtc(
  local: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0)
  // Offsets a day before and after: transitions are never closer than that.
  const candidates = [
    ...new Set([
      offsetAt(wall - DAY_MS, timeZone),
      offsetAt(wall + DAY_MS, timeZone),
      offsetAt(wall, timeZone),
    ]),
  ].map((offset) => wall - offset)
  const valid = candidates.filter((instant) => instant + offsetAt(instant, timeZone) === wall)
  return valid.length > 0 ? Math.min(...valid) : Math.max(...candidates)
}

/** `YYYY-MM-DD` → its parts. */
export function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number)
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 }
}

/** Adds days to a calendar date (no zone involved). */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** The UTC range `[start, end)` of a local calendar day in a zone (23, 24 or 25 hours long). */
export function zonedDayRange(date: string, timeZone: string): { start: number; end: number } {
  const day = parseDate(date)
  return { start: zonedToUtc(day, timeZone), end: zonedToUtc(addDays(day, 1), timeZone) }
}

/** `HH:mm` of an instant in a zone. */
export function localTime(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone)
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}
