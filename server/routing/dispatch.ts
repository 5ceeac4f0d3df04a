import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import { newId } from '../store/ids'
import type { CallRow } from '../store/calls'
import { agentSegments } from '../store/agent-states'
import { rooms } from '../realtime/io-types'
import { inboundView } from './call-view'
import { expireOffer } from './offers'

/** Calls looked at per dispatch round; the first one with a free agent rings. */
const CANDIDATE_CALLS = 10

/** Segment names fetched with a call, so the ring needs no more queries. */
interface SegmentNames {
  segment_name: string
  previous_segment_name: string | null
}

interface NewOffer {
  offerId: string
  agentId: string
  call: CallRow & SegmentNames
  expiresAt: Date
}

/**
 * Rings queued calls of a segment at free agents, one transaction per call, until either runs out.
 * The call and the agent rows are locked `FOR UPDATE SKIP LOCKED`: two processes dispatching at once
 * each take different rows, so a call never rings at two agents and an agent never gets two calls.
 */
export async function dispatchSegment(context: ServerContext, segmentId: string): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    const offer = await context.db.transaction((tx) => offerNextCall(context, tx, segmentId))
    if (!offer) return
    await announceOffer(context, offer)
  }
}

/** Dispatches every segment an agent serves (the agent just became free). */
export async function dispatchForAgent(context: ServerContext, userId: string): Promise<void> {
  for (const segmentId of await agentSegments(context.db, userId)) await dispatchSegment(context, segmentId)
}

async function offerNextCall(context: ServerContext, tx: Queryable, segmentId: string): Promise<NewOffer | null> {
  const now = context.clock.now()
  const calls = await tx.query<CallRow & SegmentNames>(
    `SELECT c.*, g.name AS segment_name, p.name AS previous_segment_name
       FROM calls c JOIN segments g ON g.id = c.segment_id LEFT JOIN segments p ON p.id = c.previous_segment_id
      WHERE c.segment_id = $1 AND c.status = 'queued' AND c.customer_connected
      ORDER BY c.priority DESC, c.queued_at ASC LIMIT ${CANDIDATE_CALLS} FOR UPDATE OF c SKIP LOCKED`,
    [segmentId],
  )
  for (const call of calls) {
    // Walks the ready agents in "waited longest" order (index agent_states_ready) to the first of this segment.
    const agents = await tx.query<{ user_id: string }>(
      `SELECT s.user_id FROM agent_states s
        WHERE s.connected AND s.status = 'available' AND s.call_id IS NULL AND s.appointment_id IS NULL
          AND s.ringing_call_id IS NULL
          AND EXISTS (SELECT 1 FROM agent_segments g WHERE g.user_id = s.user_id AND g.segment_id = $1)
          AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > $3)
          AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.call_id = $2 AND o.agent_id = s.user_id
                            AND o.state IN ('dismissed', 'timeout') AND o.ended_at > $4)
        ORDER BY s.available_since, s.user_id
        LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
      [segmentId, call.id, new Date(now - context.timers.nodeTtlMs), new Date(now - context.timers.offerCooldownMs)],
    )
    const agentId = agents[0]?.user_id
    if (!agentId) continue
    const offerId = newId()
    const expiresAt = new Date(now + context.timers.ringTimeoutMs)
    // One statement for the three writes: PGlite pays per statement.
    await tx.query(
      `WITH offer AS (
         INSERT INTO offers (id, call_id, agent_id, kind, state, created_at, expires_at)
         VALUES ($1, $2, $3, 'inbound', 'ringing', $4, $5) RETURNING call_id, agent_id),
       ringing AS (UPDATE calls SET status = 'ringing' WHERE id = (SELECT call_id FROM offer) RETURNING id)
       UPDATE agent_states SET ringing_call_id = (SELECT id FROM ringing), updated_at = $4
        WHERE user_id = (SELECT agent_id FROM offer)`,
      [offerId, call.id, agentId, new Date(now), expiresAt],
    )
    return { offerId, agentId, call: { ...call, status: 'ringing' }, expiresAt }
  }
  return null
}

/** Tells the agent (`inbound`) and arms the ring timeout. */
async function announceOffer(context: ServerContext, offer: NewOffer): Promise<void> {
  const { call } = offer
  const payload = await inboundView(
    context,
    context.db,
    call,
    { kind: 'inbound', fromAgentName: null, expiresAt: offer.expiresAt },
    {
      segment: { id: call.segment_id, name: call.segment_name },
      previousSegment: call.previous_segment_id
        ? { id: call.previous_segment_id, name: call.previous_segment_name ?? '' }
        : null,
    },
  )
  context.io.to(rooms.user(offer.agentId)).emit('inbound', payload)
  armOfferTimeout(context, offer.offerId, offer.expiresAt)
}

/** Expires an offer at its time (here; the sweeper catches it if this process dies first). */
export function armOfferTimeout(context: ServerContext, offerId: string, expiresAt: Date): void {
  context.background.after(expiresAt.getTime() - context.clock.now(), () => expireOffer(context, offerId))
}
