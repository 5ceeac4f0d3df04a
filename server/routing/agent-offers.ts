import { ERROR_MESSAGES, type TransferTarget } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { newId } from '../store/ids'
import { lockCall, type CallRow } from '../store/calls'
import { lockAgentState } from '../store/agent-states'
import { ringLeg } from '../store/call-legs'
import { fullName, userById, type UserRow } from '../store/users'
import { rooms } from '../realtime/io-types'
import { inboundView } from './call-view'
import { armOfferTimeout } from './dispatch'
import { agentTarget } from './targets'
import { liveSince } from './liveness'

/** Why an offer to another agent could not even ring. */
export class OfferRefused extends ServerError {
  constructor(
    code: number,
    message: string,
    readonly reason: 'unavailable' | 'failed' | 'no-agents',
    readonly callId: string | null,
    readonly target: TransferTarget | null,
  ) {
    super(code, message, { reason })
  }
}

/** The call the agent owns (active), locked; `failed` (400) otherwise. */
export async function lockOwnedCall(tx: Queryable, userId: string): Promise<CallRow> {
  const state = await lockAgentState(tx, userId)
  const call = state?.call_id ? await lockCall(tx, state.call_id) : undefined
  if (!call || call.status !== 'active' || call.agent_id !== userId)
    throw new OfferRefused(400, ERROR_MESSAGES.notInCall, 'failed', call?.id ?? null, null)
  return call
}

/**
 * Rings a call at a chosen agent: a direct transfer (`transferred`) or an invitation (`invited`).
 * The target must be in the account, online, available and free (else `unavailable`); only one such
 * offer per call may be pending (else `failed`).
 */
export async function offerToAgent(
  context: ServerContext,
  fromId: string,
  targetId: string,
  kind: 'transferred' | 'invited',
): Promise<void> {
  const now = context.clock.now()
  const result = await context.db
    .transaction(async (tx) => {
      const call = await lockOwnedCall(tx, fromId)
      const from = (await userById(tx, fromId)) as UserRow
      const target = await userById(tx, targetId)
      const targetRef = target ? agentTarget(target.id, fullName(target)) : null
      const refuse = (reason: 'unavailable' | 'failed', message: string) =>
        new OfferRefused(reason === 'failed' ? 400 : 409, message, reason, call.id, targetRef)
      if (!target || target.account_id !== from.account_id || target.level < 4 || target.id === fromId)
        throw refuse('failed', 'Unknown agent')
      const pending = await tx.query(
        "SELECT 1 FROM offers WHERE call_id = $1 AND from_agent_id = $2 AND state = 'ringing'",
        [call.id, fromId],
      )
      if (pending.length > 0)
        throw refuse('failed', 'A transfer or invitation of this call is already pending')
      const rows = await tx.query<{ ok: boolean }>(
        `SELECT (s.connected AND s.status = 'available' AND s.call_id IS NULL AND s.appointment_id IS NULL
               AND s.ringing_call_id IS NULL
               AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > $2)) AS ok
         FROM agent_states s WHERE s.user_id = $1 FOR UPDATE`,
        [targetId, liveSince(context, now)],
      )
      if (!rows[0]?.ok) throw refuse('unavailable', 'The agent is not available')
      const offerId = newId()
      const expiresAt = new Date(now + context.timers.ringTimeoutMs)
      await tx.query(
        `INSERT INTO offers (id, call_id, agent_id, kind, from_agent_id, state, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'ringing', $6, $7)`,
        [offerId, call.id, targetId, kind, fromId, new Date(now), expiresAt],
      )
      await tx.query('UPDATE agent_states SET ringing_call_id = $2 WHERE user_id = $1', [targetId, call.id])
      await ringLeg(
        tx,
        {
          callId: call.id,
          agentId: targetId,
          accountId: call.account_id,
          via: kind,
          fromAgentId: fromId,
          segmentId: call.segment_id,
        },
        now,
      )
      const view = await inboundView(context, tx, call, { kind, fromAgentName: fullName(from), expiresAt })
      return { offerId, expiresAt, view, segmentId: call.segment_id }
    })
    .catch((error: unknown) => {
      // A transfer that could not even ring is an outcome too (unavailable, failed).
      if (error instanceof OfferRefused && kind === 'transferred')
        context.events.transfer({
          callId: error.callId ?? '',
          agentId: fromId,
          segmentId: null,
          target: 'agent',
          toId: targetId,
          outcome: error.reason,
        })
      throw error
    })
  context.io.to(rooms.user(targetId)).emit(kind, result.view)
  armOfferTimeout(context, result.offerId, result.expiresAt)
  context.events.offered({
    callId: result.view.id,
    agentId: targetId,
    segmentId: result.segmentId,
    kind,
    offerId: result.offerId,
    latencyMs: null,
  })
}
