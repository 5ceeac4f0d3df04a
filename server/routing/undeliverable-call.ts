import { ANSWER_ERROR } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { lockCall, type OfferRow } from '../store/calls'
import { rooms } from '../realtime/io-types'
import { dismissCall } from './ring-end'
import { stopRinging } from './queue'
import { emitStatus, letGo, releaseAgent } from './leaving'
import { announceCallEnd, closeCall } from './hangup'
import { dispatchForAgent } from './dispatch'

/** The `reason` of the answer's refusal, and the stored end reason of a call ended for it. */
export const UNDELIVERABLE = 'undeliverable'

/**
 * An agent answered a call whose stored data cannot be sent (see `deliverable.ts`); nothing of the
 * answer was kept. A queue call would fail the same way at every agent: it ends, the customer hears
 * `call:ended` (`agent-unavailable`) and every agent it rang at is free again. A transfer or an
 * invitation is turned down as a dismissal would. Always throws the answer's refusal (422 `undeliverable`).
 */
export async function refuseUndeliverableCall(
  context: ServerContext,
  userId: string,
  callId: string,
): Promise<never> {
  context.logger.warn({ callId, agentId: userId }, 'a call answered cannot be sent to the agent: ended')
  // The answer was rolled back: the offer still rings, and says what kind of ring it was.
  const offers = await context.db.query<Pick<OfferRow, 'kind'>>(
    "SELECT kind FROM offers WHERE call_id = $1 AND agent_id = $2 AND state = 'ringing'",
    [callId, userId],
  )
  const kind = offers[0]?.kind ?? 'inbound'
  if (kind === 'inbound') await endQueuedCall(context, callId)
  else await dismissCall(context, userId, callId).catch(() => undefined)
  throw new ServerError(ANSWER_ERROR.customerLeft, 'This call’s data cannot be sent to the console', {
    reason: UNDELIVERABLE,
  })
}

/**
 * The last defence, after an answer committed: the `join` of the call threw when encoded (the check
 * before the commit makes that unreachable for deep data). The agent is let go, free again: an invited
 * guest leaves the call, an owner's call ends for everybody (the customer hears `call:ended`). Always
 * throws the answer's refusal (422 `undeliverable`).
 */
export async function endUndeliveredCall(
  context: ServerContext,
  userId: string,
  callId: string,
  kind: 'inbound' | 'transferred' | 'invited',
  error: unknown,
): Promise<never> {
  context.log(`the call ${callId} could not be sent to the agent ${userId}: ended`, error)
  const now = context.clock.now()
  if (kind === 'invited') {
    await context.db.transaction((tx) => releaseAgent(tx, callId, userId, now))
    await letGo(context, userId, callId, 'hangup')
  } else {
    const closed = await context.db.transaction((tx) => closeCall(tx, callId, UNDELIVERABLE, now))
    await announceCallEnd(context, callId, userId, closed, 'hangup')
  }
  throw new ServerError(ANSWER_ERROR.customerLeft, 'This call’s data cannot be sent to the console', {
    reason: UNDELIVERABLE,
  })
}

/** Ends a queued or ringing call that no agent can be sent: the customer is told, the agents freed. */
async function endQueuedCall(context: ServerContext, callId: string): Promise<void> {
  const now = context.clock.now()
  const done = await context.db.transaction(async (tx) => {
    const call = await lockCall(tx, callId)
    if (!call || !['queued', 'ringing'].includes(call.status)) return null
    const ringing = await stopRinging(tx, callId, now, 'missed')
    await tx.query("UPDATE calls SET status = 'abandoned', ended_at = $2, end_reason = $3 WHERE id = $1", [
      callId,
      new Date(now),
      UNDELIVERABLE,
    ])
    return { ringing, segmentId: call.segment_id }
  })
  if (!done) return
  context.events.queueExit({
    callId,
    agentId: done.ringing[0] ?? null,
    segmentId: done.segmentId,
    reason: UNDELIVERABLE,
  })
  for (const agentId of done.ringing) {
    context.io.to(rooms.user(agentId)).emit('customer:disconnect:queue', { callId, reason: 'abandoned' })
    await emitStatus(context, agentId)
    context.background.run(() => dispatchForAgent(context, agentId))
  }
  context.customers.to(rooms.room(callId)).emit('call:ended', { callId, reason: 'agent-unavailable' })
  context.customers.in(rooms.room(callId)).socketsLeave(rooms.room(callId))
}
