import type { MetricsPeriod } from '../../src/protocol'
import { addDays, dayOf, startOfDayUtc, weekdayOf } from '../../src/lib/zoned-time'

/** A period of the metrics: its UTC range and the starts of its buckets (hours of a day, days of a week). */
export interface MetricsRange {
  from: number
  to: number
  buckets: number[]
}

/**
 * The local day (hourly buckets: 23 or 25 on a clock change) or week (Monday to Sunday, SPEC §9)
 * that holds `date` (`YYYY-MM-DD`) or the instant `now`, in `timeZone`.
 *
 * @example
 * metricsRange('week', Date.now(), 'Europe/Madrid')
 */
export function metricsRange(
  period: MetricsPeriod,
  now: number,
  timeZone: string,
  date?: string,
): MetricsRange {
  const day = date ?? dayOf(now, timeZone)
  if (period === 'week') {
    const monday = addDays(day, 1 - weekdayOf(day))
    const starts = Array.from({ length: 8 }, (_, i) => startOfDayUtc(addDays(monday, i), timeZone))
    return { from: starts[0] as number, to: starts[7] as number, buckets: starts.slice(0, 7) }
  }
  const from = startOfDayUtc(day, timeZone)
  const to = startOfDayUtc(addDays(day, 1), timeZone)
  const buckets: number[] = []
  // Hour by hour in UTC: a local day of 23 or 25 hours gets as many buckets.
  for (let at = from; at < to; at += 3_600_000) buckets.push(at)
  return { from, to, buckets }
}

/** The index of the bucket holding `instant` (the last bucket starting at or before it). */
export function bucketOf(buckets: readonly number[], instant: number): number {
  let index = 0
  for (let i = 0; i < buckets.length; i++) if ((buckets[i] as number) <= instant) index = i
  return index
}
