import type { CallQuality, CallQualityReport } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { ServerMetrics } from '../observability/metrics'

/**
 * `call:quality`: stores what the agent's console measured of their part in a call or meeting (their
 * leg, `call_legs.quality`) and counts it in the Prometheus histograms. Only an agent who was in it
 * (answered the call, or opened the meeting) may report, else 404. The first report of a leg is kept:
 * a second one (a console that sent again after a lost ack, or once more after a reload) is ignored,
 * so a summary is never counted twice.
 *
 * @example
 * await storeCallQuality(context, agentId, { callId, quality })
 */
export async function storeCallQuality(
  context: ServerContext,
  agentId: string,
  { callId, quality }: CallQualityReport,
): Promise<null> {
  const stored = await context.db.query<{ room_id: string }>(
    `UPDATE call_legs SET quality = $3
      WHERE room_id = $1 AND agent_id = $2 AND answered_at IS NOT NULL AND quality IS NULL
      RETURNING room_id`,
    [callId, agentId, JSON.stringify(quality)],
  )
  if (stored.length > 0) {
    observeQuality(context.metrics, quality)
    return null
  }
  // Nothing updated: already reported (ignored), or not this agent's call (refused).
  const legs = await context.db.query(
    'SELECT 1 FROM call_legs WHERE room_id = $1 AND agent_id = $2 AND answered_at IS NOT NULL',
    [callId, agentId],
  )
  if (legs.length === 0) throw new ServerError(404, 'You were not in that call')
  return null
}

/** One call's summary in the histograms; what was not measured (null) is not observed. */
export function observeQuality(metrics: ServerMetrics, quality: CallQuality): void {
  if (quality.setupMs !== null) metrics.callSetup.observe(quality.setupMs / 1000)
  if (quality.rttMs !== null) metrics.callRtt.observe(quality.rttMs / 1000)
  if (quality.loss !== null) metrics.callLoss.observe(quality.loss)
  if (quality.relayShare !== null) metrics.callRelayShare.observe(quality.relayShare)
  metrics.callMediaPaths.inc({
    candidate_type: quality.candidateType ?? 'none',
    relay_protocol: (quality.candidateType === 'relay' ? quality.relayProtocol : null) ?? 'none',
  })
}
