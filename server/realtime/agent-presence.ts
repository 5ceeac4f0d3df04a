import {
  AGENT_USER_LEVEL,
  ERROR_MESSAGES,
  SOCKET_AUTH_ERROR,
  type Authenticate,
  type Authenticated,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { SESSION_REFUSALS, accountRefusal } from '../auth/account-gate'
import { clientAddress } from '../http/client-address'
import { familyIsLive } from '../store/sessions'
import { touchSession } from '../store/session-list'
import { fullName, userById } from '../store/users'
import { agentSegments, lockAgentState, toStatusUpdate, type AgentStateRow } from '../store/agent-states'
import { callById, lockCall, type OfferRow } from '../store/calls'
import { consoleSettings } from '../store/accounts'
import { notificationsOf } from '../store/notifications'
import { unreadAnnouncements } from '../store/announcements'
import { agentPeerId, setConnected } from '../store/participants'
import { logOffline, logStatus } from '../store/status-log'
import { callView, inboundView } from '../routing/call-view'
import { cancelOffersOf } from '../routing/ring-end'
import { dispatchForAgent } from '../routing/dispatch'
import { endCallForAbsentAgent } from '../routing/agent-timeout'
import { meetingRejoin } from '../meetings/meeting-session'
import { rooms, type AgentSocket } from './io-types'
import { nodeIsAlive } from '../routing/liveness'
import { isSendable } from '../routing/deliverable'

/** Supervisors (4) may connect too, so that they can be invited into calls; the console itself admits only 5. */
const MIN_SOCKET_LEVEL = AGENT_USER_LEVEL - 1

/**
 * `authenticate`: checks the token (401; also for an account that refuses the socket's address, an
 * expired subscription or a locked user), the level, and the one-session rule (403 when a live socket
 * of the user has another sessionId), then registers the socket as the agent's and sends the agent
 * everything it needs: settings, status, notifications, and the call or meeting it is in (`rejoin`).
 */
export async function authenticateAgent(
  context: ServerContext,
  socket: AgentSocket,
  request: Authenticate,
): Promise<Authenticated> {
  const claims = await context.tokens.verifyAccess(request.accessToken)
  const user = claims ? await userById(context.db, claims.userId) : undefined
  if (!claims || !user || user.locked || !(await familyIsLive(context.db, claims.familyId)))
    throw new ServerError(SOCKET_AUTH_ERROR.invalidToken, ERROR_MESSAGES.unauthorized)
  // What the login checked holds for the socket too: a token taken inside the allow list does not
  // connect from outside it. 401, so the console renews, and the renewal says why (402, 403).
  const address = clientAddress(socket.request, context.trust)
  const refusal = accountRefusal(user, address, context.clock.now())
  if (refusal !== null)
    throw new ServerError(SOCKET_AUTH_ERROR.invalidToken, SESSION_REFUSALS[refusal].message)
  // The profile's list of sessions shows when and where each was last used (at most one write a minute).
  await touchSession(context.db, claims.familyId, address, context.clock.now())
  if (user.level < MIN_SOCKET_LEVEL)
    throw new ServerError(SOCKET_AUTH_ERROR.invalidToken, ERROR_MESSAGES.notAgent)
  if (socket.data.userId && socket.data.userId !== user.id)
    throw new ServerError(400, 'Socket already authenticated')
  const now = context.clock.now()
  const outcome = await context.db.transaction(async (tx) => {
    await tx.query('INSERT INTO agent_states (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
      user.id,
    ])
    const state = (await lockAgentState(tx, user.id)) as AgentStateRow
    const alive = await nodeIsAlive(context, tx, state.node_id, now)
    const live = state.connected && alive
    if (live && state.session_id !== request.sessionId) return { duplicated: true as const }
    const rows = await tx.query<AgentStateRow>(
      `UPDATE agent_states SET connected = true, session_id = $2, socket_id = $3, node_id = $4, timezone = $5,
         disconnected_at = NULL, updated_at = $6 WHERE user_id = $1 RETURNING *`,
      [user.id, request.sessionId, socket.id, context.nodeId, request.timezone, new Date(now)],
    )
    const next = rows[0] as AgentStateRow
    if (!live) await logStatus(tx, user.id, next.status, now)
    if (next.call_id) await setConnected(tx, next.call_id, agentPeerId(user.id), true)
    if (next.appointment_id) await setConnected(tx, next.appointment_id, agentPeerId(user.id), true)
    return {
      duplicated: false as const,
      state: next,
      replaced: live && state.socket_id !== socket.id ? state.socket_id : null,
    }
  })
  if (outcome.duplicated)
    throw new ServerError(SOCKET_AUTH_ERROR.duplicatedSession, ERROR_MESSAGES.duplicated)

  Object.assign(socket.data, {
    userId: user.id,
    accountId: user.account_id,
    level: user.level,
    sessionId: request.sessionId,
    familyId: claims.familyId,
    timezone: request.timezone,
    name: fullName(user),
  })
  await socket.join([rooms.user(user.id), rooms.family(claims.familyId)])
  // The same session on a new socket (reload, reconnect): the old socket is stale.
  if (outcome.replaced) context.io.in(outcome.replaced).disconnectSockets(true)

  const { state } = outcome
  context.events.agentPresence({ agentId: user.id, state: 'connected' })
  const authenticated = { userId: user.id, sessionId: request.sessionId, level: user.level }
  socket.emit('authenticate', authenticated)
  socket.emit('agent:authenticated', {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    segments: await agentSegments(context.db, user.id),
    callId: state.call_id,
    appointmentId: state.appointment_id,
  })
  socket.emit('console:settings', await consoleSettings(context.db, user.account_id))
  socket.emit('agent:status:update', toStatusUpdate(state))
  socket.emit('notifications:update', await notificationsOf(context.db, user.id))
  const { unread } = await unreadAnnouncements(context.db, user)
  socket.emit('announcements:update', { unread })
  // What the agent was in comes back when it can; a call that cannot be sent never fails the authenticate.
  try {
    await resumeWhereTheAgentWas(context, socket, user.id, state)
  } catch (error) {
    context.log(`authenticate: the agent ${user.id} could not be given back their call or meeting`, error)
  }
  if (!state.call_id && !state.appointment_id)
    context.background.run(() => dispatchForAgent(context, user.id))
  return authenticated
}

/** A reconnecting agent gets back its call (`rejoin`), meeting (`meeting:join`) or ringing offer. */
async function resumeWhereTheAgentWas(
  context: ServerContext,
  socket: AgentSocket,
  userId: string,
  state: AgentStateRow,
): Promise<void> {
  const peerId = agentPeerId(userId)
  if (state.call_id) {
    const callId = state.call_id
    // Read, joined and sent under the call's row lock: the sweep that ends the customer's grace (its
    // update, then `customer:timeout` to the room) comes wholly before (`rejoin` says `customerGone`) or
    // after (the agent hears the timeout past `rejoin`), never in between, where the agent heard nothing.
    const peer = await context.db.transaction(async (tx) => {
      const call = await lockCall(tx, callId)
      if (!call || call.status === 'ended') return null
      const participants = await tx.query<{ role: 'agent' | 'guest'; name: string }>(
        'SELECT role, name FROM participants WHERE room_id = $1 AND peer_id = $2',
        [call.id, peerId],
      )
      const role: 'agent' | 'guest' = participants[0]?.role === 'guest' ? 'guest' : 'agent'
      const kind =
        call.transfer && !call.transfer.segmentId ? 'transferred' : role === 'guest' ? 'invited' : 'inbound'
      await socket.join([rooms.room(call.id), rooms.peer(peerId)])
      const view = await callView(context, tx, call, { userId, role, kind, fromAgentName: null })
      if (isSendable(view)) socket.emit('rejoin', view)
      else
        context.logger.warn({ callId: call.id, agentId: userId }, 'rejoin left out: the call cannot be sent')
      return { id: peerId, role, name: participants[0]?.name ?? '' }
    })
    if (peer) {
      socket.to(rooms.room(callId)).emit('peer:join', { peer })
      context.customers.to(rooms.room(callId)).emit('peer:join', { peer })
      return
    }
  }
  if (state.appointment_id) {
    await meetingRejoin(context, socket, userId, state.appointment_id)
    return
  }
  if (state.ringing_call_id) {
    const offers = await context.db.query<OfferRow & { from_name: string | null }>(
      `SELECT o.*, u.firstname || ' ' || u.lastname AS from_name FROM offers o LEFT JOIN users u ON u.id = o.from_agent_id
        WHERE o.agent_id = $1 AND o.state = 'ringing'`,
      [userId],
    )
    const offer = offers[0]
    const call = offer ? await callById(context.db, offer.call_id) : undefined
    if (offer && call) {
      const view = await inboundView(context, context.db, call, {
        kind: offer.kind,
        fromAgentName: offer.from_name,
        expiresAt: offer.expires_at,
      })
      socket.emit(offer.kind, view)
    }
  }
}

/**
 * An agent socket closed. Unless a newer socket of the same session took over, the agent is marked
 * disconnected, whatever rang at them goes to the next agent, and a call or meeting they are in waits
 * `agentGraceMs` for them to come back before it goes on without them.
 */
export async function agentSocketClosed(context: ServerContext, socket: AgentSocket): Promise<void> {
  const userId = socket.data.userId
  if (!userId) return
  const now = context.clock.now()
  const state = await context.db.transaction(async (tx) => {
    const row = await lockAgentState(tx, userId)
    if (!row || row.socket_id !== socket.id) return null
    await tx.query(
      'UPDATE agent_states SET connected = false, socket_id = NULL, disconnected_at = $2, updated_at = $2 WHERE user_id = $1',
      [userId, new Date(now)],
    )
    await logOffline(tx, userId, now)
    if (row.call_id) await setConnected(tx, row.call_id, agentPeerId(userId), false)
    if (row.appointment_id) await setConnected(tx, row.appointment_id, agentPeerId(userId), false)
    return row
  })
  if (!state) return
  await announceAgentAway(context, userId, state.call_id ?? state.appointment_id)
  const roomId = state.call_id ?? state.appointment_id
  if (roomId)
    context.background.after(context.timers.agentGraceMs, () =>
      endCallForAbsentAgent(context, userId, roomId),
    )
}

/**
 * After an agent's row says disconnected (their socket closed, or their process died): whatever rang at
 * them goes to the next agent, and the people of their call or meeting hear `peer:leave`. The grace
 * period runs from the row's `disconnected_at` (the sweeper ends the call when it is over).
 */
export async function announceAgentAway(
  context: ServerContext,
  userId: string,
  roomId: string | null,
): Promise<void> {
  await cancelOffersOf(context, userId)
  if (!roomId) return
  const peerId = agentPeerId(userId)
  context.io.to(rooms.room(roomId)).emit('peer:leave', { peerId })
  context.customers.to(rooms.room(roomId)).emit('peer:leave', { peerId })
}
