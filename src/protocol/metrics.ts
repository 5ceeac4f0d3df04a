import * as v from 'valibot'
import { DateOnlySchema, InstantSchema, ShortTextSchema, TimeZoneSchema } from './common'

/** The periods of `GET /metrics`: the agent's day, or their week (Monday to Sunday). */
export const METRICS_PERIODS = ['day', 'week'] as const
/** A period. */
export type MetricsPeriod = (typeof METRICS_PERIODS)[number]

/** Query of `GET /metrics`: the period, the day it contains (today by default), the agent's time zone. */
export const MetricsQuerySchema = v.object({
  period: v.picklist(METRICS_PERIODS),
  date: v.optional(DateOnlySchema),
  timeZone: v.optional(TimeZoneSchema),
})
/** A metrics query. */
export type MetricsQuery = v.InferOutput<typeof MetricsQuerySchema>

/** Calls of one bucket of the period (an hour of the day, a day of the week). */
export const MetricsBucketSchema = v.object({
  /** Start of the bucket. */
  start: InstantSchema,
  answered: v.number(),
  missed: v.number(),
  transferred: v.number(),
})
/** A bucket. */
export type MetricsBucket = v.InferOutput<typeof MetricsBucketSchema>

/**
 * `GET /metrics`: the agent's own figures over the period, computed by the server from the calls and
 * status changes it stored. Talk times are in milliseconds; `statuses` holds the time spent online in
 * each status id (time disconnected is left out).
 */
export const MetricsSchema = v.object({
  period: v.picklist(METRICS_PERIODS),
  from: InstantSchema,
  to: InstantSchema,
  timeZone: v.string(),
  /** Calls the agent answered (whatever came after: a transfer, a kick). */
  answered: v.number(),
  /** Rings that ended without an answer or a dismissal (ring timeout, agent gone). */
  missed: v.number(),
  dismissed: v.number(),
  transferred: v.number(),
  totalTalkMs: v.number(),
  /** Total talk time over answered calls; 0 without any. */
  averageTalkMs: v.number(),
  statuses: v.array(v.object({ status: ShortTextSchema, ms: v.number() })),
  buckets: v.array(MetricsBucketSchema),
})
/** An agent's metrics. */
export type Metrics = v.InferOutput<typeof MetricsSchema>
