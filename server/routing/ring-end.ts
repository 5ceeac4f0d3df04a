import { INVITE_FAILURE, TRANSFER_FAILURE } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { endOffer, lockRingingOffer, type LockedOffer, type OfferRow } from '../store/calls'
import { fullName, userById } from '../store/users'
import { endRingLeg } from '../store/call-legs'
import { rooms } from '../realtime/io-types'
import { dispatchForAgent, dispatchSegment } from './dispatch'
import { agentTarget } from './targets'

/** `dismiss`: the agent turns the ringing call down; it goes to the next agent. */
export async function dismissCall(context: ServerContext, userId: string, callId: string): Promise<void> {
  const ended = await context.db.transaction(async (tx) => {
    const locked = await lockRingingOffer(tx, 'call_id = $1 AND agent_id = $2', [callId, userId])
    if (!locked) throw new ServerError(409, 'This call is not ringing for you')
    return closeOffer(context, tx, locked, 'dismissed')
  })
  await afterOfferClosed(context, ended, 'dismissed')
}

/** A ring timeout: called by the timer armed with the offer, or by the sweeper. */
export async function expireOffer(context: ServerContext, offerId: string): Promise<void> {
  const now = context.clock.now()
  const ended = await context.db.transaction(async (tx) => {
    const locked = await lockRingingOffer(tx, 'id = $1', [offerId])
    if (!locked || locked.offer.expires_at.getTime() > now + 50) return null
    return closeOffer(context, tx, locked, 'timeout')
  })
  if (ended) await afterOfferClosed(context, ended, 'timeout')
}

/** Ring timeouts armed by dispatching run `expireOffer` (the job table keeps the two modules apart). */
export function defineRingJobs(context: ServerContext): void {
  context.background.define('offer-expiry', (offerId) => expireOffer(context, offerId))
}

/**
 * Cancels whatever rings at an agent who went away (`unavailable`), or whose process drains
 * (`draining`); resolves whether something rang.
 */
export async function cancelOffersOf(
  context: ServerContext,
  userId: string,
  why: 'unavailable' | 'draining' = 'unavailable',
): Promise<boolean> {
  const ended = await context.db.transaction(async (tx) => {
    const locked = await lockRingingOffer(tx, 'agent_id = $1', [userId])
    return locked ? closeOffer(context, tx, locked, 'canceled') : null
  })
  if (ended) await afterOfferClosed(context, ended, 'canceled', why)
  return ended !== null
}

interface ClosedOffer {
  offer: OfferRow
  /** The queue to dispatch again: set when a queue call went back to it. */
  segmentId: string | null
  /** The call's segment, for the log line. */
  callSegmentId: string | null
  targetName: string
  /** A personal-link call its agent did not take: it ends for the customer (`agent-unavailable`). */
  unavailableCallId: string | null
}

/**
 * Ends a ringing offer: the agent is free again, a queue call goes back to its queue. Its call is the
 * row `lockRingingOffer` locked: this transaction holds it, so it is read no second time.
 */
async function closeOffer(
  context: ServerContext,
  tx: Queryable,
  { offer, call }: LockedOffer,
  state: 'dismissed' | 'timeout' | 'canceled',
): Promise<ClosedOffer> {
  const now = context.clock.now()
  await endOffer(tx, offer.id, state, now)
  await endRingLeg(tx, offer.call_id, offer.agent_id, state === 'dismissed' ? 'dismissed' : 'missed', now)
  await tx.query('UPDATE agent_states SET ringing_call_id = NULL, updated_at = $2 WHERE user_id = $1', [
    offer.agent_id,
    new Date(now),
  ])
  let segmentId: string | null = null
  let unavailableCallId: string | null = null
  const callSegmentId = call?.segment_id ?? null
  if (offer.kind === 'inbound') {
    // A personal-link call rings at its agent only: not taken, it ends rather than going back to the queue.
    if (call?.status === 'ringing' && call.target_agent_id) {
      await tx.query(
        `UPDATE calls SET status = 'abandoned', ended_at = $2, end_reason = 'agent-unavailable',
           customer_connected = false WHERE id = $1`,
        [call.id, new Date(now)],
      )
      unavailableCallId = call.id
    } else if (call?.status === 'ringing') {
      await tx.query("UPDATE calls SET status = 'queued' WHERE id = $1", [call.id])
      segmentId = call.segment_id
    }
  }
  const target = await userById(tx, offer.agent_id)
  return { offer, segmentId, callSegmentId, targetName: target ? fullName(target) : '', unavailableCallId }
}

async function afterOfferClosed(
  context: ServerContext,
  { offer, segmentId, callSegmentId, targetName, unavailableCallId }: ClosedOffer,
  state: 'dismissed' | 'timeout' | 'canceled',
  why: 'unavailable' | 'draining' = 'unavailable',
): Promise<void> {
  if (unavailableCallId) {
    const room = rooms.room(unavailableCallId)
    context.customers.to(room).emit('call:ended', { callId: unavailableCallId, reason: 'agent-unavailable' })
    context.customers.in(room).socketsLeave(room)
  }
  const ref = { callId: offer.call_id, agentId: offer.agent_id, segmentId: callSegmentId }
  context.events.offerEnded({
    ...ref,
    kind: offer.kind,
    outcome: state,
    ...(state === 'canceled' ? { reason: why } : {}),
  })
  if (state === 'timeout')
    context.io.to(rooms.user(offer.agent_id)).emit('agent:call:timeout', { callId: offer.call_id })
  const reason = state === 'canceled' ? 'unavailable' : state
  const target = agentTarget(offer.agent_id, targetName)
  if (offer.kind === 'transferred')
    context.events.transfer({
      ...ref,
      agentId: offer.from_agent_id,
      target: 'agent',
      toId: offer.agent_id,
      outcome: reason,
    })
  if (offer.kind === 'transferred' && offer.from_agent_id)
    context.io.to(rooms.user(offer.from_agent_id)).emit('call:transfer:error', {
      callId: offer.call_id,
      target,
      code: TRANSFER_FAILURE[reason],
      reason,
      message: `The agent ${reason === 'dismissed' ? 'dismissed the transfer' : reason === 'timeout' ? 'did not answer' : 'is not available'}`,
    })
  if (offer.kind === 'invited' && offer.from_agent_id)
    context.io.to(rooms.user(offer.from_agent_id)).emit('call:invite:error', {
      callId: offer.call_id,
      target,
      code: INVITE_FAILURE[reason],
      reason,
      message: `The agent ${reason === 'dismissed' ? 'rejected the invitation' : reason === 'timeout' ? 'did not reply' : 'is not available'}`,
    })
  if (segmentId) await dispatchSegment(context, segmentId)
  if (state !== 'canceled') await dispatchForAgent(context, offer.agent_id)
}
