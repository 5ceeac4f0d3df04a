import { Gauge, type Registry } from 'prom-client'
import type { Queryable } from '../store/database'
import { METRIC_PREFIX } from './metrics'

/** Where the gauges read their figures from at each scrape. */
export interface GaugeSources {
  db: Queryable
  now: () => number
  /** The oldest heartbeat of a live process: agents of older ones are not counted. */
  liveSince: () => Date
  /** Sockets this process holds, by namespace. */
  socketCounts: () => Record<string, number>
  /** Whether this process is draining (shutting down). */
  draining: () => boolean
  /** Where a failed scrape query is reported (the scrape still answers, without those figures). */
  onError: (error: unknown) => void
}

interface SegmentRow {
  id: string
  name: string
  queued: number
  ringing: number
  active: number
  oldest_ms: number | null
}

/**
 * Gauges read at scrape time: the queues, calls and agents from the database (one figure for the
 * whole deployment, the same on every process: aggregate them with `max`), the sockets and the
 * draining flag of this process.
 */
export function registerStateGauges(registry: Registry, sources: GaugeSources): void {
  const registers = [registry]
  const segmentLabels = ['segment', 'segment_name'] as const
  // One scrape reads the database once for the four database gauges: registry.metrics() asks every
  // metric at once, so each one's collect awaits the same read.
  let reading: Promise<void> | null = null
  const readOnce = async () => {
    reading ??= (async () => {
      for (const gauge of [queued, oldest, inProgress, agents]) gauge.reset()
      try {
        await readDatabase(sources, { queued, oldest, inProgress, agents })
      } catch (error) {
        sources.onError(error)
      }
    })().finally(() => (reading = null))
    await reading
  }
  const queued: Gauge<'segment' | 'segment_name' | 'state'> = new Gauge({
    name: `${METRIC_PREFIX}customers_queued`,
    help: 'Customers waiting in a queue, by segment and state (queued, ringing). Deployment-wide.',
    labelNames: [...segmentLabels, 'state'],
    registers,
    collect: readOnce,
  })
  const oldest: Gauge<'segment' | 'segment_name'> = new Gauge({
    name: `${METRIC_PREFIX}queue_oldest_wait_seconds`,
    help: 'How long the customer waiting longest in a segment has waited (0 when nobody waits). Deployment-wide.',
    labelNames: [...segmentLabels],
    registers,
    collect: readOnce,
  })
  const inProgress: Gauge<'segment' | 'segment_name'> = new Gauge({
    name: `${METRIC_PREFIX}calls_in_progress`,
    help: 'Answered calls not ended yet, by segment. Deployment-wide.',
    labelNames: [...segmentLabels],
    registers,
    collect: readOnce,
  })
  const agents: Gauge<'status' | 'activity'> = new Gauge({
    name: `${METRIC_PREFIX}agents`,
    help: 'Connected agents by chosen status and activity (idle, ringing, in_call, in_meeting). Deployment-wide.',
    labelNames: ['status', 'activity'],
    registers,
    collect: readOnce,
  })
  new Gauge({
    name: `${METRIC_PREFIX}socket_connections`,
    help: 'Socket.io connections this process holds, by namespace (/ agents, /customer customers).',
    labelNames: ['namespace'],
    registers,
    collect() {
      this.reset()
      for (const [namespace, count] of Object.entries(sources.socketCounts())) this.set({ namespace }, count)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}draining`,
    help: '1 while this process shuts down (readyz answers 503), else 0.',
    registers,
    collect() {
      this.set(sources.draining() ? 1 : 0)
    },
  })
}

interface DatabaseGauges {
  queued: Gauge<'segment' | 'segment_name' | 'state'>
  oldest: Gauge<'segment' | 'segment_name'>
  inProgress: Gauge<'segment' | 'segment_name'>
  agents: Gauge<'status' | 'activity'>
}

async function readDatabase(sources: GaugeSources, gauges: DatabaseGauges): Promise<void> {
  const now = new Date(sources.now())
  // Every segment reports, 0 included, so a series never vanishes when its queue empties.
  const segments = await sources.db.query<SegmentRow>(
    `SELECT g.id, g.name,
            count(*) FILTER (WHERE c.status = 'queued')::int AS queued,
            count(*) FILTER (WHERE c.status = 'ringing')::int AS ringing,
            count(*) FILTER (WHERE c.status = 'active')::int AS active,
            (extract(epoch FROM $1::timestamptz - min(c.queued_at) FILTER (WHERE c.status IN ('queued', 'ringing'))) * 1000)::float8 AS oldest_ms
       FROM segments g LEFT JOIN calls c ON c.segment_id = g.id AND c.status IN ('queued', 'ringing', 'active')
      GROUP BY g.id, g.name`,
    [now],
  )
  for (const row of segments) {
    const labels = { segment: row.id, segment_name: row.name }
    gauges.queued.set({ ...labels, state: 'queued' }, row.queued)
    gauges.queued.set({ ...labels, state: 'ringing' }, row.ringing)
    gauges.inProgress.set(labels, row.active)
    gauges.oldest.set(labels, Math.max(0, (row.oldest_ms ?? 0) / 1000))
  }
  const agents = await sources.db.query<{ status: string; activity: string; count: number }>(
    `SELECT s.status,
            CASE WHEN s.call_id IS NOT NULL THEN 'in_call' WHEN s.appointment_id IS NOT NULL THEN 'in_meeting'
                 WHEN s.ringing_call_id IS NOT NULL THEN 'ringing' ELSE 'idle' END AS activity,
            count(*)::int AS count
       FROM agent_states s
      WHERE s.connected AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > $1)
      GROUP BY 1, 2`,
    [sources.liveSince()],
  )
  for (const row of agents) gauges.agents.set({ status: row.status, activity: row.activity }, row.count)
}
