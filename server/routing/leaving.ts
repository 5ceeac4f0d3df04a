import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import { agentState, toStatusUpdate } from '../store/agent-states'
import { agentPeerId, leaveRoom } from '../store/participants'
import { leaveLegs } from '../store/call-legs'
import { rooms } from '../realtime/io-types'
import { dispatchForAgent } from './dispatch'

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
  await leaveLegs(tx, callId, agentId, now)
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
  const state = await agentState(context.db, agentId)
  if (state) context.io.to(rooms.user(agentId)).emit('agent:status:update', toStatusUpdate(state))
}
