import { ANSWER_ERROR, ERROR_MESSAGES, INVITE_FAILURE, TRANSFER_FAILURE, type Call } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { endOffer, lockCall, type CallRow, type OfferRow } from '../store/calls'
import { lockAgentState, toStatusUpdate } from '../store/agent-states'
import {
  agentPeerId,
  callCustomerPeerId,
  joinRoom,
  leaveRoom,
  messagesOf,
  presentPeers,
} from '../store/participants'
import { fullName, userById } from '../store/users'
import { rooms } from '../realtime/io-types'
import { callView } from './call-view'
import { dispatchForAgent, dispatchSegment } from './dispatch'
import { agentTarget } from './targets'

/**
 * `answer`: the agent takes the call ringing at them. Inside one transaction the offer is checked
 * still ringing (else 422 when the customer is gone, 409 when another agent has it), the call is given
 * to the agent, and whoever it leaves (a transferring agent) is let go.
 */
export async function answerCall(context: ServerContext, userId: string, callId: string): Promise<Call> {
  const now = context.clock.now()
  const result = await context.db.transaction(async (tx) => {
    const offers = await tx.query<OfferRow>(
      "SELECT * FROM offers WHERE call_id = $1 AND agent_id = $2 AND state = 'ringing' FOR UPDATE",
      [callId, userId],
    )
    const call = await lockCall(tx, callId)
    const offer = offers[0]
    const gone = !call || ['abandoned', 'exceeded', 'ended'].includes(call.status) || call.customer_left
    if (!offer || !call || gone) {
      if (gone) throw new ServerError(ANSWER_ERROR.customerLeft, ERROR_MESSAGES.customerLeft)
      throw new ServerError(ANSWER_ERROR.answeredByAnother, ERROR_MESSAGES.answeredByAnother)
    }
    const state = await lockAgentState(tx, userId)
    const user = await userById(tx, userId)
    if (!state || !user || state.call_id || state.appointment_id)
      throw new ServerError(409, 'Already in a call')
    // A queue call rings while waiting; a transfer or an invitation rings while the call goes on.
    if (offer.kind === 'inbound' ? call.status !== 'ringing' : call.status !== 'active')
      throw new ServerError(ANSWER_ERROR.customerLeft, ERROR_MESSAGES.customerLeft)
    await endOffer(tx, offer.id, 'answered', now)
    await tx.query(
      'UPDATE agent_states SET ringing_call_id = NULL, call_id = $2, updated_at = $3 WHERE user_id = $1',
      [userId, callId, new Date(now)],
    )
    const released: string[] = []
    const fromAgent = offer.from_agent_id ? await userById(tx, offer.from_agent_id) : undefined
    let next: CallRow = call
    if (offer.kind !== 'invited') {
      // A transferring agent still in the call leaves it now: the new owner is here.
      const leaving = offer.kind === 'transferred' ? call.agent_id : call.releasing_agent_id
      if (leaving && leaving !== userId) {
        await releaseAgent(tx, callId, leaving, now)
        released.push(leaving)
      }
      const transfer =
        offer.kind === 'transferred' && fromAgent
          ? { fromAgentId: fromAgent.id, fromAgentName: fullName(fromAgent), segmentId: null }
          : call.transfer
      const rows = await tx.query<CallRow>(
        `UPDATE calls SET status = 'active', agent_id = $2, answered_at = $3, releasing_agent_id = NULL,
           releasing_at = NULL, transfer = $4 WHERE id = $1 RETURNING *`,
        [callId, userId, new Date(now), transfer ? JSON.stringify(transfer) : null],
      )
      next = rows[0] ?? call
    }
    const role = offer.kind === 'invited' ? 'guest' : 'agent'
    await joinRoom(tx, callId, { peerId: agentPeerId(userId), role, name: fullName(user), userId }, now)
    const view = await callView(context, tx, next, {
      userId,
      role,
      kind: offer.kind,
      fromAgentName: fromAgent ? fullName(fromAgent) : null,
    })
    const customerPeers = await presentPeers(tx, callId, callCustomerPeerId(callId))
    const messages = await messagesOf(tx, callId)
    return {
      view,
      offer,
      call: next,
      released,
      name: fullName(user),
      state,
      customerPeers,
      messages,
      fromAgent,
    }
  })

  const { view, offer, call, released, name } = result
  const peer = { id: agentPeerId(userId), role: view.role, name }
  await context.io.in(rooms.user(userId)).socketsJoin([rooms.room(callId), rooms.peer(peer.id)])
  context.io.to(rooms.user(userId)).emit('join', view)
  context.io.to(rooms.user(userId)).emit('agent:status:update', {
    ...toStatusUpdate({ ...result.state, call_id: callId, ringing_call_id: null }),
  })
  for (const other of released) await letGo(context, other, callId, 'transferred')
  context.io.to(rooms.room(callId)).except(rooms.user(userId)).emit('peer:join', { peer })
  if (offer.kind === 'inbound' && released.length === 0 && call.customer_connected)
    context.customers.to(rooms.room(callId)).emit('call:joined', {
      callId,
      agent: name,
      peerId: callCustomerPeerId(callId),
      peers: result.customerPeers,
      initiator: false,
      messages: result.messages,
    })
  else context.customers.to(rooms.room(callId)).emit('peer:join', { peer })
  if (offer.kind === 'transferred' && offer.from_agent_id)
    context.io.to(rooms.user(offer.from_agent_id)).emit('call:transfer:success', {
      callId,
      target: agentTarget(userId, name),
      endsInMs: 0,
    })
  if (offer.kind === 'invited' && offer.from_agent_id)
    context.io.to(rooms.user(offer.from_agent_id)).emit('call:invite:success', {
      callId,
      target: agentTarget(userId, name),
    })
  return view
}

/** Takes an agent out of a call inside a transaction (their socket rooms are left by `letGo`). */
export async function releaseAgent(
  tx: Queryable,
  callId: string,
  agentId: string,
  now: number,
): Promise<void> {
  await tx.query(
    'UPDATE agent_states SET call_id = NULL, available_since = $3, updated_at = $3 WHERE user_id = $1 AND call_id = $2',
    [agentId, callId, new Date(now)],
  )
  await leaveRoom(tx, callId, agentPeerId(agentId), now)
}

/** After `releaseAgent` committed: tells the agent and the room, and offers the agent new calls. */
export async function letGo(
  context: ServerContext,
  agentId: string,
  callId: string,
  reason: 'transferred' | 'hangup' | 'host-hangup' | 'agent-timeout' | 'customer-gone' | 'logout',
): Promise<void> {
  const peerId = agentPeerId(agentId)
  context.io.to(rooms.user(agentId)).emit('end', { callId, reason })
  await context.io.in(rooms.user(agentId)).socketsLeave([rooms.room(callId), rooms.peer(peerId)])
  context.io.to(rooms.room(callId)).emit('peer:leave', { peerId })
  context.customers.to(rooms.room(callId)).emit('peer:leave', { peerId })
  await emitStatus(context, agentId)
  context.background.run(() => dispatchForAgent(context, agentId))
}

/** Sends an agent their current status flags. */
export async function emitStatus(context: ServerContext, agentId: string): Promise<void> {
  const state = await lockAgentStateReadOnly(context, agentId)
  if (state) context.io.to(rooms.user(agentId)).emit('agent:status:update', toStatusUpdate(state))
}

async function lockAgentStateReadOnly(context: ServerContext, agentId: string) {
  const rows = await context.db.query<Parameters<typeof toStatusUpdate>[0]>(
    'SELECT * FROM agent_states WHERE user_id = $1',
    [agentId],
  )
  return rows[0]
}

/** `dismiss`: the agent turns the ringing call down; it goes to the next agent. */
export async function dismissCall(context: ServerContext, userId: string, callId: string): Promise<void> {
  const ended = await context.db.transaction(async (tx) => {
    const offers = await tx.query<OfferRow>(
      "SELECT * FROM offers WHERE call_id = $1 AND agent_id = $2 AND state = 'ringing' FOR UPDATE",
      [callId, userId],
    )
    const offer = offers[0]
    if (!offer) throw new ServerError(409, 'This call is not ringing for you')
    return closeOffer(context, tx, offer, 'dismissed')
  })
  await afterOfferClosed(context, ended, 'dismissed')
}

/** A ring timeout: called by the timer armed with the offer, or by the sweeper. */
export async function expireOffer(context: ServerContext, offerId: string): Promise<void> {
  const now = context.clock.now()
  const ended = await context.db.transaction(async (tx) => {
    const rows = await tx.query<OfferRow>(
      "SELECT * FROM offers WHERE id = $1 AND state = 'ringing' FOR UPDATE",
      [offerId],
    )
    const offer = rows[0]
    if (!offer || offer.expires_at.getTime() > now + 50) return null
    return closeOffer(context, tx, offer, 'timeout')
  })
  if (ended) await afterOfferClosed(context, ended, 'timeout')
}

/** Cancels whatever rings at an agent who went away. */
export async function cancelOffersOf(context: ServerContext, userId: string): Promise<void> {
  const ended = await context.db.transaction(async (tx) => {
    const rows = await tx.query<OfferRow>(
      "SELECT * FROM offers WHERE agent_id = $1 AND state = 'ringing' FOR UPDATE",
      [userId],
    )
    const offer = rows[0]
    return offer ? closeOffer(context, tx, offer, 'canceled') : null
  })
  if (ended) await afterOfferClosed(context, ended, 'canceled')
}

interface ClosedOffer {
  offer: OfferRow
  segmentId: string | null
  targetName: string
}

/** Ends a ringing offer: the agent is free again, a queue call goes back to its queue. */
async function closeOffer(
  context: ServerContext,
  tx: Queryable,
  offer: OfferRow,
  state: 'dismissed' | 'timeout' | 'canceled',
): Promise<ClosedOffer> {
  const now = context.clock.now()
  await endOffer(tx, offer.id, state, now)
  await tx.query('UPDATE agent_states SET ringing_call_id = NULL, updated_at = $2 WHERE user_id = $1', [
    offer.agent_id,
    new Date(now),
  ])
  let segmentId: string | null = null
  if (offer.kind === 'inbound') {
    const call = await lockCall(tx, offer.call_id)
    if (call?.status === 'ringing') {
      await tx.query("UPDATE calls SET status = 'queued' WHERE id = $1", [call.id])
      segmentId = call.segment_id
    }
  }
  const target = await userById(tx, offer.agent_id)
  return { offer, segmentId, targetName: target ? fullName(target) : '' }
}

async function afterOfferClosed(
  context: ServerContext,
  { offer, segmentId, targetName }: ClosedOffer,
  state: 'dismissed' | 'timeout' | 'canceled',
): Promise<void> {
  if (state === 'timeout')
    context.io.to(rooms.user(offer.agent_id)).emit('agent:call:timeout', { callId: offer.call_id })
  const reason = state === 'canceled' ? 'unavailable' : state
  const target = agentTarget(offer.agent_id, targetName)
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
