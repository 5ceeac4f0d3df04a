import { ANSWER_ERROR, ERROR_MESSAGES, type Call } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { endOffer, lockCall, type CallRow, type OfferRow } from '../store/calls'
import { queryOne } from '../store/database'
import { lockAgentState, toStatusUpdate } from '../store/agent-states'
import { answerLeg, markLeg } from '../store/call-legs'
import { agentPeerId, callCustomerPeerId, joinRoom, messagesOf, presentPeers } from '../store/participants'
import { fullName, userById } from '../store/users'
import { rooms } from '../realtime/io-types'
import { callView } from './call-view'
import { letGo, releaseAgent } from './leaving'
import { agentTarget } from './targets'
import { isSendable, UndeliverableError } from './deliverable'
import { endUndeliveredCall, refuseUndeliverableCall } from './undeliverable-call'

/**
 * `answer`: the agent takes the call ringing at them. Inside one transaction the offer is checked
 * still ringing (else 422 when the customer is gone, 409 when another agent has it), the call is given
 * to the agent, and whoever it leaves (a transferring agent) is let go. A call that cannot be sent to
 * the agent is rolled back before anything is marked, and refused (422 `undeliverable`).
 */
export async function answerCall(context: ServerContext, userId: string, callId: string): Promise<Call> {
  try {
    return await answerOrRollBack(context, userId, callId)
  } catch (error) {
    if (error instanceof UndeliverableError) return refuseUndeliverableCall(context, userId, callId)
    throw error
  }
}

async function answerOrRollBack(context: ServerContext, userId: string, callId: string): Promise<Call> {
  const now = context.clock.now()
  const result = await context.db.transaction(async (tx) => {
    // The call's row first, then its offer: the order of every routing transaction (no deadlock).
    const call = await lockCall(tx, callId)
    const offer = await queryOne<OfferRow>(
      tx,
      "SELECT * FROM offers WHERE call_id = $1 AND agent_id = $2 AND state = 'ringing' FOR UPDATE",
      [callId, userId],
    )
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
    await answerLeg(tx, callId, userId, now)
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
        if (offer.kind === 'transferred')
          await markLeg(tx, callId, leaving, 'transferred', {
            kind: 'agent',
            id: userId,
            name: fullName(user),
          })
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
    // Nothing is marked unless the call can reach the agent: this rolls the answer back.
    if (!isSendable(view)) throw new UndeliverableError(`call ${callId}`)
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
  const ref = { callId, agentId: userId, segmentId: call.segment_id }
  context.events.answered({ ...ref, kind: offer.kind })
  if (offer.kind === 'transferred')
    context.events.transfer({
      ...ref,
      agentId: offer.from_agent_id,
      target: 'agent',
      toId: userId,
      outcome: 'success',
    })
  const peer = { id: agentPeerId(userId), role: view.role, name }
  await context.io.in(rooms.user(userId)).socketsJoin([rooms.room(callId), rooms.peer(peer.id)])
  try {
    context.io.to(rooms.user(userId)).emit('join', view)
  } catch (error) {
    return endUndeliveredCall(context, userId, callId, offer.kind, error)
  }
  context.io.to(rooms.user(userId)).emit('agent:status:update', {
    ...toStatusUpdate({ ...result.state, call_id: callId, ringing_call_id: null }),
  })
  // The transferring agent hears of the success before its call ends (docs/protocol.md).
  if (offer.kind === 'transferred' && offer.from_agent_id)
    context.io.to(rooms.user(offer.from_agent_id)).emit('call:transfer:success', {
      callId,
      target: agentTarget(userId, name),
      endsInMs: 0,
    })
  for (const other of released) await letGo(context, other, callId, 'transferred')
  context.io.to(rooms.room(callId)).except(rooms.user(userId)).emit('peer:join', { peer })
  // A queue call's customer is on the queue screen, a call transferred to a segment's too (`queue:status`),
  // even while the transferring agent's 10 s run: the new agent is their call, not a peer joining one.
  if (offer.kind === 'inbound' && call.customer_connected)
    context.customers.to(rooms.room(callId)).emit('call:joined', {
      callId,
      agent: name,
      peerId: callCustomerPeerId(callId),
      peers: result.customerPeers,
      initiator: false,
      messages: result.messages,
    })
  else context.customers.to(rooms.room(callId)).emit('peer:join', { peer })
  if (offer.kind === 'invited' && offer.from_agent_id)
    context.io.to(rooms.user(offer.from_agent_id)).emit('call:invite:success', {
      callId,
      target: agentTarget(userId, name),
    })
  return view
}
