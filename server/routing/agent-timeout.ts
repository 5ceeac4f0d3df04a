import type { ServerContext } from '../context'
import { lockCall } from '../store/calls'
import { lockAgentState } from '../store/agent-states'
import { fullName, userById } from '../store/users'
import { rooms } from '../realtime/io-types'
import { announceCallEnd, closeCall } from './hangup'
import { letGo, releaseAgent } from './leaving'
import { leaveMeetingForGood } from '../meetings/meeting-session'

/**
 * An agent's grace period after a dropped socket is over. If they are still away, the call goes on
 * without them: an owner's call ends (the customer hears `agent-gone`), a guest or transferring agent
 * just leaves, a meeting is left.
 */
export async function endCallForAbsentAgent(
  context: ServerContext,
  userId: string,
  roomId: string,
): Promise<void> {
  const now = context.clock.now()
  const outcome = await context.db.transaction(async (tx) => {
    const state = await lockAgentState(tx, userId)
    if (!state || state.connected) return null
    if (state.appointment_id === roomId) return { kind: 'meeting' as const }
    if (state.call_id !== roomId) return null
    const call = await lockCall(tx, roomId)
    if (call?.agent_id === userId && call.status === 'active')
      return { kind: 'ended' as const, closed: await closeCall(tx, roomId, 'agent-timeout', now) }
    await releaseAgent(tx, roomId, userId, now)
    if (call?.releasing_agent_id === userId)
      await tx.query('UPDATE calls SET releasing_agent_id = NULL, releasing_at = NULL WHERE id = $1', [
        roomId,
      ])
    const user = await userById(tx, userId)
    return { kind: 'left' as const, ownerId: call?.agent_id ?? null, name: user ? fullName(user) : '' }
  })
  if (!outcome) return
  if (outcome.kind === 'meeting') return leaveMeetingForGood(context, userId, roomId)
  if (outcome.kind === 'ended')
    return announceCallEnd(context, roomId, userId, outcome.closed, 'agent-timeout')
  await letGo(context, userId, roomId, 'agent-timeout')
  if (outcome.ownerId)
    context.io.to(rooms.user(outcome.ownerId)).emit('invited:hangup', { callId: roomId, agent: outcome.name })
}
