import { ERROR_MESSAGES } from '../../src/protocol'
import type { ServerContext } from '../context'
import { lockCall, type CallRow } from '../store/calls'
import { markLeg } from '../store/call-legs'
import { fullName, userById, type UserRow } from '../store/users'
import { rooms } from '../realtime/io-types'
import { OfferRefused, lockOwnedCall } from './agent-offers'
import { dispatchSegment } from './dispatch'
import { armQueueDeadline, queueStatus } from './queue'
import { letGo, releaseAgent } from './leaving'
import { segmentTarget } from './targets'
import { liveSince } from './liveness'

/**
 * `call:transfer:segment`: the call goes back to a queue, that of another segment, keeping its
 * priority, tags and comments, with the old segment as `previousSegment`. 422 `no-agents` when nobody
 * is online in the segment. The transferring agent stays in the call until a new agent answers or
 * `segmentTransferEndMs` (10 s) pass, whichever comes first.
 */
export async function transferToSegment(
  context: ServerContext,
  userId: string,
  segmentId: string,
): Promise<void> {
  const now = context.clock.now()
  const result = await context.db
    .transaction(async (tx) => {
      const call = await lockOwnedCall(tx, userId)
      const user = (await userById(tx, userId)) as UserRow
      const segments = await tx.query<{
        id: string
        name: string
        queue_limit_ms: number
        agent_form: unknown
      }>('SELECT id, name, queue_limit_ms, agent_form FROM segments WHERE id = $1 AND account_id = $2', [
        segmentId,
        user.account_id,
      ])
      const segment = segments[0]
      if (!segment || segment.id === call.segment_id)
        throw new OfferRefused(400, ERROR_MESSAGES.transferFailed, 'failed', call.id, null)
      const target = segmentTarget(segment.id, segment.name)
      const online = await tx.query(
        `SELECT 1 FROM agent_states s JOIN agent_segments g ON g.user_id = s.user_id AND g.segment_id = $1
        WHERE s.connected AND s.status <> 'disconnected' AND s.user_id <> $2
          AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > $3) LIMIT 1`,
        [segmentId, userId, liveSince(context, now)],
      )
      if (online.length === 0)
        throw new OfferRefused(422, ERROR_MESSAGES.noAgents, 'no-agents', call.id, target)
      const limit = context.timers.queueLimitMs ?? segment.queue_limit_ms
      const transfer = { fromAgentId: userId, fromAgentName: fullName(user), segmentId }
      await markLeg(tx, call.id, userId, 'transferred', {
        kind: 'segment',
        id: segment.id,
        name: segment.name,
      })
      const rows = await tx.query<CallRow>(
        `UPDATE calls SET status = 'queued', previous_segment_id = segment_id, segment_id = $2, agent_id = NULL,
         releasing_agent_id = $3, releasing_at = $4, transfer = $5, queue_deadline = $6, agent_form = $7
       WHERE id = $1 RETURNING *`,
        [
          call.id,
          segmentId,
          userId,
          new Date(now + context.timers.segmentTransferEndMs),
          JSON.stringify(transfer),
          new Date(now + limit),
          segment.agent_form ? JSON.stringify(segment.agent_form) : null,
        ],
      )
      return { call: rows[0] as CallRow, target, fromSegmentId: call.segment_id }
    })
    .catch((error: unknown) => {
      if (error instanceof OfferRefused)
        context.events.transfer({
          callId: error.callId ?? '',
          agentId: userId,
          segmentId: null,
          target: 'segment',
          toId: segmentId,
          outcome: error.reason,
        })
      throw error
    })
  const { call, target } = result
  // Success for a segment transfer: the call is in the new queue (who answers it is another line).
  context.events.transfer({
    callId: call.id,
    agentId: userId,
    segmentId: result.fromSegmentId,
    target: 'segment',
    toId: segmentId,
    outcome: 'success',
  })
  context.io.to(rooms.user(userId)).emit('call:transfer:success', {
    callId: call.id,
    target,
    endsInMs: context.timers.segmentTransferEndMs,
  })
  context.customers.to(rooms.room(call.id)).emit('queue:status', await queueStatus(context, context.db, call))
  armQueueDeadline(context, call.id, call.queue_deadline)
  context.background.after(context.timers.segmentTransferEndMs, () =>
    endTransferringLeg(context, call.id, userId),
  )
  await dispatchSegment(context, segmentId)
}

/** The transferring agent's time is up: they leave the call (`end` reason `transferred`). */
export async function endTransferringLeg(
  context: ServerContext,
  callId: string,
  userId: string,
): Promise<void> {
  const now = context.clock.now()
  const released = await context.db.transaction(async (tx) => {
    const call = await lockCall(tx, callId)
    if (call?.releasing_agent_id !== userId) return false
    await tx.query('UPDATE calls SET releasing_agent_id = NULL, releasing_at = NULL WHERE id = $1', [callId])
    await releaseAgent(tx, callId, userId, now)
    return true
  })
  if (released) await letGo(context, userId, callId, 'transferred')
}
