import type { CustomerDisconnect } from '../../src/protocol'
import type { ServerContext } from '../context'
import { lockCall, type CallRow } from '../store/calls'
import { callCustomerPeerId, messagesOf, presentPeers, setConnected } from '../store/participants'
import { rooms } from '../realtime/io-types'
import { abandonQueuedCall, queueStatus } from './queue'
import { dispatchSegment } from './dispatch'

/** socket.io's disconnect reasons as the protocol names them. */
export function disconnectReason(reason: string): CustomerDisconnect['reason'] {
  if (reason === 'ping timeout') return 'ping-timeout'
  if (reason === 'client namespace disconnect') return 'left'
  return 'transport-error'
}

/**
 * A customer's last socket closed. An explicit leave abandons a queued call at once; otherwise the
 * agents hear why (`customer:disconnect:queue` or `:call`) and the customer has `customerGraceMs` to
 * come back with the same sessionId.
 */
export async function customerDisconnected(
  context: ServerContext,
  sessionId: string,
  socketReason: string,
): Promise<void> {
  const reason = disconnectReason(socketReason)
  const now = context.clock.now()
  const call = await context.db.transaction(async (tx) => {
    const rows = await tx.query<CallRow>(
      `SELECT * FROM calls WHERE customer_session_id = $1 AND status IN ('queued', 'ringing', 'active')
         AND NOT customer_left AND NOT customer_kicked FOR UPDATE`,
      [sessionId],
    )
    const row = rows[0]
    if (!row || (row.status !== 'active' && reason === 'left')) return row ?? null
    await tx.query(
      'UPDATE calls SET customer_connected = false, customer_disconnected_at = $2 WHERE id = $1',
      [row.id, new Date(now)],
    )
    if (row.status === 'active') await setConnected(tx, row.id, callCustomerPeerId(row.id), false)
    return row
  })
  if (!call) return
  if (call.status !== 'active' && reason === 'left') {
    context.events.customerPresence({
      callId: call.id,
      agentId: call.agent_id,
      segmentId: call.segment_id,
      state: 'away',
      reason: socketReason,
    })
    await abandonQueuedCall(context, call.id, 'left')
    return
  }
  await announceCustomerAway(context, call, reason, socketReason)
  context.background.after(context.timers.customerGraceMs, () => customerGraceOver(context, call.id))
}

/**
 * Tells the agents that a customer is away (their socket dropped, or their process died): the ringing
 * agent hears `customer:disconnect:queue`, the call's room `customer:disconnect:call` and `peer:leave`.
 * The call row says so already; the grace period runs from its `customer_disconnected_at`.
 */
export async function announceCustomerAway(
  context: ServerContext,
  call: CallRow,
  reason: CustomerDisconnect['reason'],
  socketReason: string,
): Promise<void> {
  context.events.customerPresence({
    callId: call.id,
    agentId: call.agent_id,
    segmentId: call.segment_id,
    state: 'away',
    reason: socketReason,
  })
  if (call.status !== 'active') {
    const ringing = await context.db.query<{ agent_id: string }>(
      "SELECT agent_id FROM offers WHERE call_id = $1 AND state = 'ringing' AND kind = 'inbound'",
      [call.id],
    )
    for (const { agent_id } of ringing)
      context.io.to(rooms.user(agent_id)).emit('customer:disconnect:queue', { callId: call.id, reason })
  } else {
    context.io.to(rooms.room(call.id)).emit('customer:disconnect:call', { callId: call.id, reason })
    context.io.to(rooms.room(call.id)).emit('peer:leave', { peerId: callCustomerPeerId(call.id) })
  }
}

/** The grace period is over: a queued call is abandoned; in a call, the agents hear `customer:timeout`. */
export async function customerGraceOver(context: ServerContext, callId: string): Promise<void> {
  const now = context.clock.now()
  const call = await context.db.transaction(async (tx) => {
    const row = await lockCall(tx, callId)
    if (!row || row.customer_connected || row.customer_left || !row.customer_disconnected_at) return null
    if (now - row.customer_disconnected_at.getTime() < context.timers.customerGraceMs - 50) return null
    return row
  })
  if (!call) return
  if (call.status === 'queued' || call.status === 'ringing')
    await abandonQueuedCall(context, callId, 'abandoned')
  else if (call.status === 'active') {
    // Told once: the call stays for the agent to finish, with nobody left to wait for. The time they
    // went stays: with `customer_left` it tells a timeout from a hang-up (an agent away now learns it
    // from `rejoin`, see `customerGone`).
    await context.db.query('UPDATE calls SET customer_left = true WHERE id = $1', [callId])
    context.io.to(rooms.room(callId)).emit('customer:timeout', { callId, name: call.customer_name })
  }
}

/**
 * A customer socket connected with a sessionId that has a live call: it takes its place again (the
 * queue, or the call, where it is the newcomer and connects to the agents).
 */
export async function customerReconnected(context: ServerContext, sessionId: string): Promise<void> {
  const call = await context.db.transaction(async (tx) => {
    const rows = await tx.query<CallRow>(
      `SELECT * FROM calls WHERE customer_session_id = $1 AND status IN ('queued', 'ringing', 'active')
         AND NOT customer_left AND NOT customer_kicked FOR UPDATE`,
      [sessionId],
    )
    const row = rows[0]
    if (!row) return null
    await tx.query(
      'UPDATE calls SET customer_connected = true, customer_disconnected_at = NULL, customer_node_id = $2 WHERE id = $1',
      [row.id, context.nodeId],
    )
    if (row.status === 'active') await setConnected(tx, row.id, callCustomerPeerId(row.id), true)
    return { ...row, wasConnected: row.customer_connected }
  })
  if (!call) return
  if (!call.wasConnected)
    context.events.customerPresence({
      callId: call.id,
      agentId: call.agent_id,
      segmentId: call.segment_id,
      state: 'back',
    })
  const peerId = callCustomerPeerId(call.id)
  await context.customers.in(rooms.customer(sessionId)).socketsJoin([rooms.room(call.id), rooms.peer(peerId)])
  if (call.status !== 'active') {
    context.customers
      .to(rooms.customer(sessionId))
      .emit('queue:status', await queueStatus(context, context.db, call))
    if (!call.wasConnected)
      context.background.run(async () => void (await dispatchSegment(context, call.segment_id)))
    return
  }
  const owner = call.agent_id
    ? await context.db.query<{ name: string }>(
        "SELECT firstname || ' ' || lastname AS name FROM users WHERE id = $1",
        [call.agent_id],
      )
    : []
  context.customers.to(rooms.customer(sessionId)).emit('call:joined', {
    callId: call.id,
    agent: owner[0]?.name ?? '',
    peerId,
    peers: await presentPeers(context.db, call.id, peerId),
    initiator: true,
    messages: await messagesOf(context.db, call.id),
  })
  if (!call.wasConnected)
    context.io.to(rooms.room(call.id)).emit('customer:join', { callId: call.id, name: call.customer_name })
  context.io
    .to(rooms.room(call.id))
    .emit('peer:join', { peer: { id: peerId, role: 'customer', name: call.customer_name } })
}
