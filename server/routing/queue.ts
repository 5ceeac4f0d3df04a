import { performance } from 'node:perf_hooks'
import { ERROR_MESSAGES, type CustomerDisconnect, type QueueJoin, type QueueStatus } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { newId } from '../store/ids'
import { endOffer, liveCallOfCustomer, lockCall, lockRingingOffers, type CallRow } from '../store/calls'
import { callCustomerPeerId } from '../store/participants'
import { endRingLeg } from '../store/call-legs'
import { personalLinkByCode } from '../store/personal-links'
import { rooms, type CustomerSocketData } from '../realtime/io-types'
import type { Arrival } from '../realtime/event-handler'
import { customerDetails } from './customer-details'
import { dispatchForAgent, dispatchSegment } from './dispatch'

/** A customer's place in the queue. */
export async function queueStatus(
  context: ServerContext,
  db: Queryable,
  call: QueuedCall,
): Promise<QueueStatus> {
  const rows = await db.query<{ position: number; name: string }>(
    `SELECT (SELECT count(*)::int FROM calls q WHERE q.segment_id = c.segment_id AND q.status IN ('queued', 'ringing')
               AND (q.priority > c.priority OR (q.priority = c.priority AND q.queued_at <= c.queued_at))) AS position,
            g.name
       FROM calls c JOIN segments g ON g.id = c.segment_id WHERE c.id = $1`,
    [call.id],
  )
  return {
    callId: call.id,
    segment: { id: call.segment_id, name: rows[0]?.name ?? '' },
    position: Math.max(1, rows[0]?.position ?? 1),
    queuedAt: call.queued_at.toISOString(),
    peerId: callCustomerPeerId(call.id),
  }
}

/** What `join_queue` returns of the call it stored (migration 043): what the join reads. */
type QueuedCall = Pick<CallRow, 'id' | 'segment_id' | 'queued_at' | 'queue_deadline'>

/**
 * `queue:join`: the customer calls a segment. The call is stored (queued), the customer's sockets join
 * its room, the queue time limit is armed, and the segment is dispatched. `arrival` (when the event
 * reached the process) is the call's `queued_at`: the customer's wait starts when they asked.
 */
export async function joinQueue(
  context: ServerContext,
  customer: CustomerSocketData,
  request: QueueJoin,
  arrival: Arrival = { at: context.clock.now(), monotonic: performance.now() },
): Promise<{ status: QueueStatus; created: boolean }> {
  const now = arrival.at
  const id = newId()
  const extra = customerDetails({
    ip: customer.ip,
    userAgent: customer.userAgent,
    language: customer.language,
    referrer: request.referrer ?? customer.referrer,
    ...(request.location ? { location: request.location } : {}),
  })
  const form = Object.entries(request.form ?? {}).map(([label, value]) => ({ label, value }))
  const target = request.personalLink ? await personalLinkTarget(context, request.personalLink) : null
  // One statement (the `join_queue` function of migrations 002, 005, 041 and 043): the call and its first
  // participant.
  const inserted = await context.db.query<QueuedCall>(
    'SELECT * FROM join_queue($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)',
    [
      id,
      callCustomerPeerId(id),
      target?.segmentId ?? request.segment,
      customer.sessionId,
      request.name,
      request.priority ?? false,
      JSON.stringify(extra),
      JSON.stringify(form),
      request.integrationData ? JSON.stringify(request.integrationData) : null,
      request.ticketId ?? null,
      request.poc ? JSON.stringify({ label: request.poc }) : null,
      request.branch ? JSON.stringify({ label: request.branch }) : null,
      new Date(now),
      context.timers.queueLimitMs,
      target?.agentId ?? null,
      context.nodeId,
    ],
  )
  const created = inserted[0]
  const call: QueuedCall | undefined = created ?? (await liveCallOfCustomer(context.db, customer.sessionId))
  if (!call) throw new ServerError(404, 'Unknown segment')
  await context.customers
    .in(rooms.customer(customer.sessionId))
    .socketsJoin([rooms.room(call.id), rooms.peer(callCustomerPeerId(call.id))])
  if (created) {
    context.events.queued({ callId: call.id, agentId: null, segmentId: call.segment_id })
    armQueueDeadline(context, call.id, call.queue_deadline)
    // Ring first, answer the customer after: the agent's `inbound` is what is waited for.
    const joined = { callId: call.id, monotonic: arrival.monotonic }
    const rung = await dispatchSegment(context, call.segment_id, joined).catch((error: unknown) => {
      context.log('dispatch after queue:join', error)
      return new Map<string, string>()
    })
    const segmentName = rung.get(call.id)
    // Ringing already: first in line, no need to count.
    if (segmentName !== undefined)
      return {
        status: {
          callId: call.id,
          segment: { id: call.segment_id, name: segmentName },
          position: 1,
          queuedAt: call.queued_at.toISOString(),
          peerId: callCustomerPeerId(call.id),
        },
        created: true,
      }
  }
  return { status: await queueStatus(context, context.db, call), created: created !== undefined }
}

/**
 * The agent and segment of a personal link: 404 for an unknown (or replaced) link, 409
 * `agent-unavailable` when the agent cannot take a call now (not connected, not available, busy).
 */
export async function personalLinkTarget(
  context: ServerContext,
  code: string,
): Promise<{ agentId: string; segmentId: string }> {
  const link = await personalLinkByCode(context.db, code)
  if (!link) throw new ServerError(404, ERROR_MESSAGES.personalLinkUnknown, { reason: 'unknown-link' })
  if (!(await agentReady(context, link.user_id)))
    throw new ServerError(409, ERROR_MESSAGES.agentUnavailable, { reason: 'agent-unavailable' })
  return { agentId: link.user_id, segmentId: link.segment_id }
}

/** Whether an agent could be rung now: connected on a live process, available, free. */
export async function agentReady(context: ServerContext, userId: string): Promise<boolean> {
  const rows = await context.db.query<{ ok: boolean }>(
    `SELECT (s.connected AND s.status = 'available' AND s.call_id IS NULL AND s.appointment_id IS NULL
             AND s.ringing_call_id IS NULL
             AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > $2)) AS ok
       FROM agent_states s WHERE s.user_id = $1`,
    [userId, new Date(context.clock.now() - context.timers.nodeTtlMs)],
  )
  return rows[0]?.ok === true
}

/** Ends the call at its queue time limit, here; the sweeper catches it otherwise. */
export function armQueueDeadline(context: ServerContext, callId: string, deadline: Date): void {
  context.background.after(deadline.getTime() - context.clock.now(), () => exceedQueue(context, callId))
}

/** The queue limit passed: `exceed` to a ringing agent, `queue:exceeded` and `call:ended` to the customer. */
export async function exceedQueue(context: ServerContext, callId: string): Promise<void> {
  const now = context.clock.now()
  const done = await context.db.transaction(async (tx) => {
    const call = await lockCall(tx, callId)
    if (!call || !['queued', 'ringing'].includes(call.status) || call.queue_deadline.getTime() > now + 50)
      return null
    const ringing = await stopRinging(tx, callId, now, 'missed')
    await tx.query(
      "UPDATE calls SET status = 'exceeded', ended_at = $2, end_reason = 'exceeded' WHERE id = $1",
      [callId, new Date(now)],
    )
    return { call, ringing }
  })
  if (!done) return
  context.events.queueExit({
    callId,
    agentId: done.ringing[0] ?? null,
    segmentId: done.call.segment_id,
    reason: 'exceeded',
  })
  for (const agentId of done.ringing) {
    context.io.to(rooms.user(agentId)).emit('exceed', { callId })
    context.background.run(() => dispatchForAgent(context, agentId))
  }
  context.customers.to(rooms.room(callId)).emit('queue:exceeded', { callId })
  context.customers.to(rooms.room(callId)).emit('call:ended', { callId, reason: 'exceeded' })
  context.customers.in(rooms.room(callId)).socketsLeave(rooms.room(callId))
}

/**
 * Cancels the queue ring of a call (inside a transaction); returns the agents it rang at, whose legs
 * end with `outcome`.
 */
export async function stopRinging(
  tx: Queryable,
  callId: string,
  now: number,
  outcome: 'missed' | 'customer-left',
): Promise<string[]> {
  const offers = (await lockRingingOffers(tx, callId)).filter((offer) => offer.kind === 'inbound')
  for (const offer of offers) {
    await endOffer(tx, offer.id, 'canceled', now)
    await endRingLeg(tx, callId, offer.agent_id, outcome, now)
    await tx.query(
      'UPDATE agent_states SET ringing_call_id = NULL WHERE user_id = $1 AND ringing_call_id = $2',
      [offer.agent_id, callId],
    )
  }
  return offers.map((offer) => offer.agent_id)
}

/**
 * A queued or ringing call is given up (the customer left, or did not come back in time): the ringing
 * agent hears `customer:disconnect:queue` with the reason and is free again.
 */
export async function abandonQueuedCall(
  context: ServerContext,
  callId: string,
  reason: CustomerDisconnect['reason'],
): Promise<boolean> {
  const now = context.clock.now()
  const done = await context.db.transaction(async (tx) => {
    const call = await lockCall(tx, callId)
    if (!call || !['queued', 'ringing'].includes(call.status)) return null
    const ringing = await stopRinging(tx, callId, now, 'customer-left')
    await tx.query(
      `UPDATE calls SET status = 'abandoned', ended_at = $2, end_reason = $3, customer_left = true,
         customer_connected = false WHERE id = $1`,
      [callId, new Date(now), reason],
    )
    return { ringing, releasing: call.releasing_agent_id, segmentId: call.segment_id }
  })
  if (!done) return false
  context.events.queueExit({ callId, agentId: done.ringing[0] ?? null, segmentId: done.segmentId, reason })
  for (const agentId of done.ringing) {
    context.io.to(rooms.user(agentId)).emit('customer:disconnect:queue', { callId, reason })
    context.background.run(() => dispatchForAgent(context, agentId))
  }
  if (done.releasing)
    context.io.to(rooms.user(done.releasing)).emit('customer:disconnect:call', { callId, reason })
  return true
}
