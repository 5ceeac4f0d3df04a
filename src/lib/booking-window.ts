import { dayOf, startOfMonth } from './zoned-time'

/**
 * When an appointment may be booked and how short it may be (SPEC §5 and §9), the same for the
 * console's pickers and the reference server's free-slot lists: the current month is the first one
 * offered, its days start at now + 5 min, today's hours at now + 3 min, and an appointment lasts at
 * least 5 minutes.
 *
 * @example
 * const days = slots.filter((slot) => slot >= earliestBookable(now, 'day'))
 * keepGap({ start: t + 60 * 60_000, end: t + 30 * 60_000 }, 'start') // end = start + 5 min
 */

/** Minimum gap between an appointment's start and end. */
export const APPOINTMENT_MIN_GAP_MS = 5 * 60_000
/** Earliest schedulable day start: now plus this (month view). */
export const EARLIEST_DAY_OFFSET_MS = 5 * 60_000
/** Earliest schedulable hour today: now plus this. */
export const EARLIEST_HOUR_OFFSET_MS = 3 * 60_000

/**
 * The first instant a list may offer: the days of a month from now + 5 min, the hours of a day from
 * now + 3 min.
 */
export function earliestBookable(now: number, list: 'day' | 'hour'): number {
  return now + (list === 'day' ? EARLIEST_DAY_OFFSET_MS : EARLIEST_HOUR_OFFSET_MS)
}

/** The first day of the earliest month a picker offers: the current month in `timeZone`. */
export function firstBookableMonth(now: number, timeZone: string): string {
  return startOfMonth(dayOf(now, timeZone))
}

/** A start and an end, in epoch ms. */
export interface TimeRange {
  start: number
  end: number
}

/** Whether an appointment from `start` to `end` lasts at least the minimum 5 minutes. */
export function hasMinimumGap({ start, end }: TimeRange): boolean {
  return end - start >= APPOINTMENT_MIN_GAP_MS
}

/**
 * Keeps an edit at least 5 minutes long: a start moved past the end drags the end to start + 5 min; an
 * end moved before the start drags the start to end − 5 min.
 */
export function keepGap(range: TimeRange, changed: 'start' | 'end'): TimeRange {
  if (hasMinimumGap(range)) return range
  return changed === 'start'
    ? { start: range.start, end: range.start + APPOINTMENT_MIN_GAP_MS }
    : { start: range.end - APPOINTMENT_MIN_GAP_MS, end: range.end }
}
