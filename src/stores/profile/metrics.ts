import { atom } from 'nanostores'
import { HTTP_PATHS, MetricsSchema, type Metrics, type MetricsPeriod } from '../../protocol'
import { FALLBACK_TIME_ZONE } from '../../constants'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'

/** The metrics page: the period chosen and its figures. */
export type MetricsState =
  | { period: MetricsPeriod; status: 'idle' | 'loading' | 'failed' }
  | { period: MetricsPeriod; status: 'loaded'; metrics: Metrics }

/** The agent's metrics on screen. */
export const $metrics = atom<MetricsState>({ period: 'day', status: 'idle' })

let sequence = 0

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE
}

/**
 * Loads the agent's own figures for today or this week, in the browser's time zone.
 *
 * @example
 * await loadMetrics('week')
 */
export async function loadMetrics(period: MetricsPeriod = $metrics.get().period): Promise<void> {
  const mine = ++sequence
  $metrics.set({ period, status: 'loading' })
  try {
    const query = new URLSearchParams({ period, timeZone: timeZone() })
    const metrics = await api().get(`${HTTP_PATHS.metrics}?${query.toString()}`, { schema: MetricsSchema })
    if (mine === sequence) $metrics.set({ period, status: 'loaded', metrics })
  } catch (error) {
    console.warn('[agent-console] metrics could not be loaded', error)
    if (mine === sequence) $metrics.set({ period, status: 'failed' })
  }
}

onLogout(() => {
  sequence++
  $metrics.set({ period: 'day', status: 'idle' })
})
