import { performance } from 'node:perf_hooks'
import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import { newId } from '../store/ids'
import { agentSegments } from '../store/agent-states'
import { rooms } from '../realtime/io-types'
import { broadcastSent } from '../realtime/broadcast-sent'
import { inboundView, type RingingCallRow } from './call-view'
import { liveSince } from './liveness'

/** Segment names fetched with a call, so the ring needs no more queries. */
interface SegmentNames {
  segment_name: string
  previous_segment_name: string | null
}

/**
 * The call whose `queue:join` this process is handling, with the join's arrival on `performance.now()`:
 * its first ring's latency is then measured to the microsecond on one monotonic clock, not from
 * `queued_at` (whole milliseconds, so whole-millisecond observations that sit on the histogram's
 * 1 ms bucket bounds).
 */
export interface JoinedCall {
  callId: string
  monotonic: number
}

interface NewOffer {
  offerId: string
  agentId: string
  call: RingingCallRow & SegmentNames
  expiresAt: Date
  /** No agent was rung for this call before: its wait counts in the routing-latency histogram. */
  firstRing: boolean
}

/**
 * Rings queued calls of a segment at free agents, one transaction per call, until either runs out.
 * The call and the agent rows are locked `FOR UPDATE SKIP LOCKED`: two processes dispatching at once
 * each take different rows, so a call never rings at two agents and an agent never gets two calls.
 *
 * `joined`: the call whose join is being handled here, if any (see `JoinedCall`).
 *
 * @returns the calls it rang, with their segment's name.
 */
export async function dispatchSegment(
  context: ServerContext,
  segmentId: string,
  joined?: JoinedCall,
): Promise<Map<string, string>> {
  const rung = new Map<string, string>()
  for (let round = 0; round < 1000; round++) {
    // One statement, atomic by itself: no explicit transaction (PGlite pays per statement).
    const { offer, more } = await offerNextCall(context, context.db, segmentId)
    if (offer) {
      rung.set(offer.call.id, offer.call.segment_name)
      await announceOffer(context, offer, joined)
    }
    if (!offer || !more) break
  }
  return rung
}

/** Dispatches every segment an agent serves (the agent just became free). */
export async function dispatchForAgent(context: ServerContext, userId: string): Promise<void> {
  for (const segmentId of await agentSegments(context.db, userId)) await dispatchSegment(context, segmentId)
}

/** The rung call as jsonb gives it (the routing function returns it that way): its date is a string. */
type RingingCallJson = Omit<RingingCallRow, 'queued_at'> & { queued_at: string }

/** The rung call read from jsonb: its one date made a Date. */
function callFromJson(json: RingingCallJson): RingingCallRow {
  return { ...json, queued_at: new Date(json.queued_at) }
}

/**
 * Rings one queued call if an agent is free: the `offer_next_call` function (migration 002) finds the
 * first queued call of the segment with a ready agent, locks both `SKIP LOCKED` and writes the offer,
 * in one call; since migration 042 it also says whether the call was rung before, and since 043 it
 * returns only the fields of the call that the ring shows. `more` says whether other queued calls may
 * still ring.
 */
async function offerNextCall(
  context: ServerContext,
  tx: Queryable,
  segmentId: string,
): Promise<{ offer: NewOffer | null; more: boolean }> {
  const now = context.clock.now()
  const offerId = newId()
  const expiresAt = new Date(now + context.timers.ringTimeoutMs)
  const rows = await tx.query<{
    call: RingingCallJson
    agent_id: string
    segment_name: string
    previous_segment_name: string | null
    more: boolean
    first_ring: boolean
  }>('SELECT * FROM offer_next_call($1, $2, $3, $4, $5, $6)', [
    segmentId,
    offerId,
    new Date(now),
    expiresAt,
    liveSince(context, now),
    new Date(now - context.timers.offerCooldownMs),
  ])
  const row = rows[0]
  if (!row) return { offer: null, more: false }
  const call = {
    ...callFromJson(row.call),
    segment_name: row.segment_name,
    previous_segment_name: row.previous_segment_name,
  }
  return {
    offer: { offerId, agentId: row.agent_id, call, expiresAt, firstRing: row.first_ring },
    more: row.more,
  }
}

/** Tells the agent (`inbound`) and arms the ring timeout. */
async function announceOffer(context: ServerContext, offer: NewOffer, joined?: JoinedCall): Promise<void> {
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
  // The ring is told once the `inbound` is handed to the agent's socket: at once on one process (engine.io
  // writes it there and then unless a write to that socket is still under way; the routing bench saw none),
  // after its NOTIFY on several (the routing waits for no such thing).
  const sent = broadcastSent(context.io)
  if (!sent) return tellOffered(context, offer, joined)
  void sent
    .then(() => tellOffered(context, offer, joined))
    .catch((error: unknown) => context.log('telling a ring failed', error))
}

/** Logs and counts a ring just handed to its agent's socket, with its routing latency for a first ring. */
function tellOffered(context: ServerContext, offer: NewOffer, joined?: JoinedCall): void {
  const { call } = offer
  const ringAt = context.clock.now()
  const ringMonotonic = performance.now()
  // Routing latency is the wait before a call's first ring; a call rung again is not counted twice.
  const latencyMs = !offer.firstRing
    ? null
    : joined?.callId === call.id
      ? ringMonotonic - joined.monotonic
      : Math.max(0, ringAt - call.queued_at.getTime())
  context.events.offered({
    callId: call.id,
    agentId: offer.agentId,
    segmentId: call.segment_id,
    kind: 'inbound',
    offerId: offer.offerId,
    latencyMs,
  })
}

/** Expires an offer at its time (here; the sweeper catches it if this process dies first). */
export function armOfferTimeout(context: ServerContext, offerId: string, expiresAt: Date): void {
  context.background.schedule(expiresAt.getTime() - context.clock.now(), 'offer-expiry', offerId)
}
