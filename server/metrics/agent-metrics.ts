import type { Metrics, MetricsPeriod } from '../../src/protocol'
import { DISCONNECTED_STATUS } from '../../src/protocol'
import type { Queryable } from '../store/database'
import { statusSpans } from '../store/status-log'
import { bucketOf, metricsRange } from './period'

interface LegRow {
  outcome: string
  offered_at: Date
  answered_at: Date | null
  talk_ms: number
}

/**
 * An agent's own metrics over a day or a week, from their call legs and status changes: calls
 * answered (whatever came after), missed, dismissed and transferred, total and average talk time
 * (a call still going on counts its time so far), and time online in each status.
 *
 * @example
 * await agentMetrics(db, userId, { period: 'day', now: Date.now(), timeZone: 'Europe/Madrid' })
 */
export async function agentMetrics(
  db: Queryable,
  userId: string,
  options: { period: MetricsPeriod; now: number; timeZone: string; date?: string },
): Promise<Metrics> {
  const { period, now, timeZone } = options
  const range = metricsRange(period, now, timeZone, options.date)
  const legs = await db.query<LegRow>(
    `SELECT outcome, offered_at, answered_at,
            (talk_ms + CASE WHEN joined_at IS NULL THEN 0
               ELSE greatest(0, extract(epoch FROM ($4::timestamptz - joined_at)) * 1000) END)::float8 AS talk_ms
       FROM call_legs
      WHERE agent_id = $1 AND room_kind = 'call' AND outcome <> 'ringing' AND offered_at >= $2 AND offered_at < $3`,
    [userId, new Date(range.from), new Date(range.to), new Date(now)],
  )
  const buckets = range.buckets.map((start) => ({
    start: new Date(start).toISOString(),
    answered: 0,
    missed: 0,
    transferred: 0,
  }))
  let answered = 0
  let missed = 0
  let dismissed = 0
  let transferred = 0
  let totalTalkMs = 0
  for (const leg of legs) {
    const bucket = buckets[bucketOf(range.buckets, leg.offered_at.getTime())]
    if (leg.answered_at) {
      answered += 1
      totalTalkMs += Math.round(Number(leg.talk_ms))
      if (bucket) bucket.answered += 1
    }
    if (leg.outcome === 'transferred') {
      transferred += 1
      if (bucket) bucket.transferred += 1
    }
    if (leg.outcome === 'missed') {
      missed += 1
      if (bucket) bucket.missed += 1
    }
    if (leg.outcome === 'dismissed') dismissed += 1
  }
  const statuses = new Map<string, number>()
  for (const span of await statusSpans(db, userId, range.from, Math.min(range.to, now)))
    if (span.status !== DISCONNECTED_STATUS && span.to > span.from)
      statuses.set(span.status, (statuses.get(span.status) ?? 0) + span.to - span.from)
  return {
    period,
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    timeZone,
    answered,
    missed,
    dismissed,
    transferred,
    totalTalkMs,
    averageTalkMs: answered > 0 ? Math.round(totalTalkMs / answered) : 0,
    statuses: [...statuses].map(([status, ms]) => ({ status, ms })).sort((a, b) => b.ms - a.ms),
    buckets,
  }
}
