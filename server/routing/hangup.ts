import { ERROR_MESSAGES, MANDATORY_TAGS } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { lockCall, type OfferRow, endOffer } from '../store/calls'
import { lockAgentState } from '../store/agent-states'
import { endRingLeg, leaveLegs, markLeg } from '../store/call-legs'
import { fullName, userById } from '../store/users'
import type { Queryable } from '../store/database'
import { callCustomerPeerId, closeRoom, leaveRoom } from '../store/participants'
import { rooms } from '../realtime/io-types'
import { checkStatusId, setStatus } from './statuses'
import { emitStatus, letGo, releaseAgent } from './leaving'

/**
 * `hangup`: the owner ends the call for everybody (refused with 409 `mandatoryTags` when the segment
 * wants a tag and none is set); a guest or a transferring agent only leaves it. Then the status the
 * console asked for, if any.
 */
export async function hangupCall(
  context: ServerContext,
  userId: string,
  status: string | undefined,
): Promise<void> {
  const now = context.clock.now()
  const result = await context.db.transaction(async (tx) => {
    const state = await lockAgentState(tx, userId)
    const user = await userById(tx, userId)
    if (!state?.call_id || !user) throw new ServerError(409, ERROR_MESSAGES.notInCall)
    if (status !== undefined) await checkStatusId(tx, user.account_id, status)
    const callId = state.call_id
    const call = await lockCall(tx, callId)
    const owner = call?.agent_id === userId && call.status === 'active'
    if (!call || !owner) {
      // A guest, a transferring agent, or a call already over: this agent just leaves.
      await releaseAgent(tx, callId, userId, now)
      if (call?.releasing_agent_id === userId)
        await tx.query('UPDATE calls SET releasing_agent_id = NULL, releasing_at = NULL WHERE id = $1', [
          callId,
        ])
      if (status !== undefined) await setStatus(tx, userId, status, now)
      const guest = call !== undefined && call.agent_id !== userId && call.releasing_agent_id !== userId
      return { kind: 'left' as const, callId, guest, ownerId: call?.agent_id ?? null, name: fullName(user) }
    }
    const mandatory = await tx.query<{ mandatory_tags: boolean }>(
      'SELECT mandatory_tags FROM segments WHERE id = $1',
      [call.segment_id],
    )
    if (mandatory[0]?.mandatory_tags && call.selected_tags.length === 0)
      throw new ServerError(409, 'Conflict', {
        errors: [{ code: MANDATORY_TAGS.code, message: MANDATORY_TAGS.message }],
      })
    const ended = await closeCall(tx, callId, 'agent-hangup', now)
    if (status !== undefined) await setStatus(tx, userId, status, now)
    return { kind: 'ended' as const, callId, ...ended }
  })

  const { callId } = result
  if (result.kind === 'left') {
    await letGo(context, userId, callId, 'hangup')
    if (result.guest && result.ownerId)
      context.io.to(rooms.user(result.ownerId)).emit('invited:hangup', { callId, agent: result.name })
    return
  }
  await announceCallEnd(context, callId, userId, result, 'hangup')
}

/** Who was in a call that just closed. */
export interface ClosedCall {
  agents: string[]
  ringing: string[]
  /** The call's segment and why it ended (`agent-hangup`, `agent-timeout`), for the log and metrics. */
  segmentId: string | null
  reason: string
}

/**
 * Closes a call inside a transaction: pending offers canceled, every agent out, the room closed.
 * `announceCallEnd` tells everybody once it committed.
 */
export async function closeCall(
  tx: Queryable,
  callId: string,
  reason: string,
  now: number,
): Promise<ClosedCall> {
  const agents = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM agent_states WHERE call_id = $1 FOR UPDATE',
    [callId],
  )
  const pending = await tx.query<OfferRow>(
    "SELECT * FROM offers WHERE call_id = $1 AND state = 'ringing' FOR UPDATE",
    [callId],
  )
  for (const offer of pending) {
    await endOffer(tx, offer.id, 'canceled', now)
    await endRingLeg(tx, callId, offer.agent_id, 'missed', now)
    await tx.query('UPDATE agent_states SET ringing_call_id = NULL WHERE user_id = $1', [offer.agent_id])
  }
  await tx.query(
    'UPDATE agent_states SET call_id = NULL, available_since = $2, updated_at = $2 WHERE call_id = $1',
    [callId, new Date(now)],
  )
  const ended = await tx.query<{ segment_id: string }>(
    "UPDATE calls SET status = 'ended', ended_at = $2, end_reason = $3 WHERE id = $1 RETURNING segment_id",
    [callId, new Date(now), reason],
  )
  await closeRoom(tx, callId, now)
  await leaveLegs(tx, callId, null, now)
  return {
    agents: agents.map((row) => row.user_id),
    ringing: pending.map((offer) => offer.agent_id),
    segmentId: ended[0]?.segment_id ?? null,
    reason,
  }
}

/** Tells everybody of a closed call: the owner (if any) `end`, guests `end` host-hangup, the customer `call:ended`. */
export async function announceCallEnd(
  context: ServerContext,
  callId: string,
  ownerId: string | null,
  closed: ClosedCall,
  ownerReason: 'hangup' | 'agent-timeout',
): Promise<void> {
  context.events.callEnded({ callId, agentId: ownerId, segmentId: closed.segmentId, reason: closed.reason })
  if (ownerId) await letGo(context, ownerId, callId, ownerReason)
  for (const other of closed.agents) if (other !== ownerId) await letGo(context, other, callId, 'host-hangup')
  for (const agentId of closed.ringing) {
    context.io.to(rooms.user(agentId)).emit('end', { callId, reason: 'host-hangup' })
    await emitStatus(context, agentId)
  }
  context.customers
    .to(rooms.room(callId))
    .emit('call:ended', { callId, reason: ownerReason === 'hangup' ? 'hangup' : 'agent-gone' })
  context.customers
    .in(rooms.room(callId))
    .socketsLeave([rooms.room(callId), rooms.peer(callCustomerPeerId(callId))])
}

/** The customer hangs up an answered call: the agents hear `customer:hangup` and end the call when ready. */
export async function customerLeavesCall(context: ServerContext, callId: string): Promise<void> {
  const now = context.clock.now()
  const call = await context.db.transaction(async (tx) => {
    const row = await lockCall(tx, callId)
    if (!row || row.status !== 'active' || row.customer_left) return null
    // No disconnection time: `customer_left` alone says they hung up (see call-view.ts `customerGone`).
    await tx.query(
      'UPDATE calls SET customer_left = true, customer_connected = false, customer_disconnected_at = NULL WHERE id = $1',
      [callId],
    )
    await leaveRoom(tx, callId, callCustomerPeerId(callId), now)
    return row
  })
  if (!call) return
  context.events.customerLeft({
    callId,
    agentId: call.agent_id,
    segmentId: call.segment_id,
    reason: 'hangup',
  })
  const peerId = callCustomerPeerId(callId)
  context.io.to(rooms.room(callId)).emit('customer:hangup', { callId, name: call.customer_name })
  context.io.to(rooms.room(callId)).emit('peer:leave', { peerId })
  context.customers.to(rooms.room(callId)).emit('call:ended', { callId, reason: 'left' })
  context.customers.in(rooms.room(callId)).socketsLeave([rooms.room(callId), rooms.peer(peerId)])
}

/** `kick`: the owner removes the customer, who cannot come back into this call. */
export async function kickCustomer(context: ServerContext, userId: string): Promise<void> {
  const now = context.clock.now()
  const call = await context.db.transaction(async (tx) => {
    const state = await lockAgentState(tx, userId)
    const row = state?.call_id ? await lockCall(tx, state.call_id) : undefined
    if (!row || row.status !== 'active' || row.agent_id !== userId)
      throw new ServerError(409, ERROR_MESSAGES.notInCall)
    if (row.customer_kicked || row.customer_left)
      throw new ServerError(422, 'The customer is not in the call')
    await tx.query('UPDATE calls SET customer_kicked = true, customer_connected = false WHERE id = $1', [
      row.id,
    ])
    await markLeg(tx, row.id, userId, 'kicked')
    await leaveRoom(tx, row.id, callCustomerPeerId(row.id), now)
    return row
  })
  context.events.customerLeft({
    callId: call.id,
    agentId: userId,
    segmentId: call.segment_id,
    reason: 'kicked',
  })
  const peerId = callCustomerPeerId(call.id)
  const room = rooms.customer(call.customer_session_id)
  context.customers.to(room).emit('kicked', { callId: call.id })
  context.customers.to(room).emit('call:ended', { callId: call.id, reason: 'kicked' })
  context.customers.in(room).disconnectSockets(true)
  context.io.to(rooms.room(call.id)).emit('customer:disconnect:call', { callId: call.id, reason: 'kicked' })
  context.io.to(rooms.room(call.id)).emit('peer:leave', { peerId })
}
