import { APPOINTMENT_JOIN_WINDOW_MS } from '../../src/constants'
import {
  ERROR_MESSAGES,
  type MeetingJoined,
  type PendingAuthorization,
  type PendingAuthorizations,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { appointmentById, lockAppointment, type AppointmentRow } from '../store/appointments'
import { consoleSettings } from '../store/accounts'
import { lockAgentState } from '../store/agent-states'
import { fullName, userById } from '../store/users'
import {
  agentPeerId,
  closeRoom,
  joinRoom,
  leaveRoom,
  meetingCustomerPeerId,
  messagesOf,
  presentPeers,
} from '../store/participants'
import { rooms, type AgentSocket } from '../realtime/io-types'
import { dispatchForAgent } from '../routing/dispatch'
import { emitStatus } from '../routing/offers'
import { appointmentView } from './appointments'

/** A meeting opens this long before its start. */
export const MEETING_OPENS_BEFORE_MS = 15 * 60_000
const TOKEN_TTL_S = 6 * 60 * 60

/** Refuses (409) a meeting that cannot be held now: blocked, external, canceled, rescheduled, outside its window. */
export function assertJoinable(row: AppointmentRow, now: number): void {
  if (row.type !== 'regular') throw new ServerError(409, `A ${row.type} appointment has no meeting`)
  if (row.status === 'canceled' || row.status === 'rescheduled')
    throw new ServerError(409, `The appointment is ${row.status}`)
  if (now < row.start_at.getTime() - MEETING_OPENS_BEFORE_MS)
    throw new ServerError(409, 'The meeting has not opened yet')
  if (now > row.end_at.getTime() + APPOINTMENT_JOIN_WINDOW_MS)
    throw new ServerError(409, 'The meeting is over')
}

/** The waiting room of a meeting. */
export async function pendingOf(db: Queryable, appointmentId: string): Promise<PendingAuthorization[]> {
  const rows = await db.query<{ session_id: string; name: string; created_at: Date }>(
    "SELECT session_id, name, created_at FROM meeting_guests WHERE appointment_id = $1 AND state = 'waiting' ORDER BY created_at",
    [appointmentId],
  )
  return rows.map((row) => ({
    sessionId: row.session_id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
  }))
}

/** Sends the waiting list to the agent who owns the meeting. */
export async function announcePending(
  context: ServerContext,
  row: AppointmentRow,
): Promise<PendingAuthorizations> {
  const list = { appointmentId: row.id, data: await pendingOf(context.db, row.id) }
  context.io.to(rooms.user(row.user_id)).emit('meeting:pending:authorizations', list)
  return list
}

async function joinedPayload(
  context: ServerContext,
  db: Queryable,
  row: AppointmentRow,
  userId: string,
): Promise<MeetingJoined> {
  const peerId = agentPeerId(userId)
  const settings = await consoleSettings(db, row.account_id)
  return {
    appointment: appointmentView(context, row),
    accessToken: await context.tokens.sign('signal', peerId, { room: row.id }, TOKEN_TTL_S),
    recordingToken: await context.tokens.sign('recording', userId, { appointment: row.id }, TOKEN_TTL_S),
    recordingsSettings: settings.recorder,
    peerId,
    peers: await presentPeers(db, row.id, peerId),
    pendingAuthorizations: await pendingOf(db, row.id),
    messages: await messagesOf(db, row.id),
  }
}

/** `meeting:join` (agent): opens the appointment as a meeting room and takes the agent into it. */
export async function joinMeeting(
  context: ServerContext,
  userId: string,
  appointmentId: string,
): Promise<MeetingJoined> {
  const now = context.clock.now()
  const payload = await context.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, appointmentId)
    const user = await userById(tx, userId)
    if (!row || !user || row.account_id !== user.account_id)
      throw new ServerError(404, 'Appointment not found')
    if (row.user_id !== userId)
      throw new ServerError(403, 'Only the owner of the calendar can open its meetings')
    assertJoinable(row, now)
    const state = await lockAgentState(tx, userId)
    if (state?.call_id || (state?.appointment_id && state.appointment_id !== appointmentId))
      throw new ServerError(409, 'Already in a call or meeting')
    await tx.query('UPDATE agent_states SET appointment_id = $2, updated_at = $3 WHERE user_id = $1', [
      userId,
      appointmentId,
      new Date(now),
    ])
    await joinRoom(
      tx,
      appointmentId,
      { peerId: agentPeerId(userId), role: 'agent', name: fullName(user), userId },
      now,
    )
    return { joined: await joinedPayload(context, tx, row, userId), name: fullName(user) }
  })
  await enterRoom(context, userId, appointmentId, payload.name)
  context.io.to(rooms.user(userId)).emit('meeting:join', payload.joined)
  await emitStatus(context, userId)
  return payload.joined
}

async function enterRoom(
  context: ServerContext,
  userId: string,
  appointmentId: string,
  name: string,
): Promise<void> {
  const peer = { id: agentPeerId(userId), role: 'agent' as const, name }
  await context.io.in(rooms.user(userId)).socketsJoin([rooms.room(appointmentId), rooms.peer(peer.id)])
  context.customers.to(rooms.room(appointmentId)).emit('peer:join', { peer })
}

/** An agent reconnecting while in a meeting gets `meeting:join` again and reconnects to whoever is there. */
export async function meetingRejoin(
  context: ServerContext,
  socket: AgentSocket,
  userId: string,
  appointmentId: string,
): Promise<void> {
  const row = await appointmentById(context.db, appointmentId)
  const user = await userById(context.db, userId)
  if (!row || !user) return
  await socket.join([rooms.room(appointmentId), rooms.peer(agentPeerId(userId))])
  socket.emit('meeting:join', await joinedPayload(context, context.db, row, userId))
  context.customers
    .to(rooms.room(appointmentId))
    .emit('peer:join', { peer: { id: agentPeerId(userId), role: 'agent', name: fullName(user) } })
}

/** The meeting the agent is in, locked; 409 otherwise. */
async function lockAgentMeeting(tx: Queryable, userId: string): Promise<AppointmentRow> {
  const state = await lockAgentState(tx, userId)
  const row = state?.appointment_id ? await lockAppointment(tx, state.appointment_id) : undefined
  if (!row) throw new ServerError(409, ERROR_MESSAGES.notInMeeting)
  return row
}

/** `meeting:accept` / `meeting:deny`: lets a waiting customer in, or turns them away, by sessionId. */
export async function decideGuest(
  context: ServerContext,
  userId: string,
  sessionId: string,
  accept: boolean,
): Promise<PendingAuthorizations> {
  const now = context.clock.now()
  const outcome = await context.db.transaction(async (tx) => {
    const row = await lockAgentMeeting(tx, userId)
    const guests = await tx.query<{ name: string }>(
      "UPDATE meeting_guests SET state = $3 WHERE appointment_id = $1 AND session_id = $2 AND state = 'waiting' RETURNING name",
      [row.id, sessionId, accept ? 'accepted' : 'denied'],
    )
    const guest = guests[0]
    if (!guest) throw new ServerError(404, 'Nobody with that sessionId is waiting')
    if (accept)
      await joinRoom(
        tx,
        row.id,
        { peerId: meetingCustomerPeerId(sessionId), role: 'customer', name: guest.name, sessionId },
        now,
      )
    return { row, name: guest.name }
  })
  const { row } = outcome
  if (accept) await admitGuest(context, row.id, sessionId, outcome.name)
  else context.customers.to(rooms.customer(sessionId)).emit('meeting:denied', { appointmentId: row.id })
  return announcePending(context, row)
}

/** Takes an accepted customer's sockets into the room; they are the newcomer and connect to everybody. */
export async function admitGuest(
  context: ServerContext,
  appointmentId: string,
  sessionId: string,
  name: string,
): Promise<void> {
  const peerId = meetingCustomerPeerId(sessionId)
  await context.customers
    .in(rooms.customer(sessionId))
    .socketsJoin([rooms.room(appointmentId), rooms.peer(peerId)])
  context.customers.to(rooms.customer(sessionId)).emit('meeting:accepted', {
    appointmentId,
    peerId,
    peers: await presentPeers(context.db, appointmentId, peerId),
    messages: await messagesOf(context.db, appointmentId),
  })
  const peer = { id: peerId, role: 'customer' as const, name }
  context.io.to(rooms.room(appointmentId)).emit('peer:join', { peer })
  context.customers
    .to(rooms.room(appointmentId))
    .except(rooms.customer(sessionId))
    .emit('peer:join', { peer })
}

/** `meeting:hangup`: ends the meeting for everybody; the appointment becomes `attended` (or the status given). */
export async function hangupMeeting(
  context: ServerContext,
  userId: string,
  status: 'attended' | 'pending' | undefined,
): Promise<void> {
  const now = context.clock.now()
  const row = await context.db.transaction(async (tx) => {
    const current = await lockAgentMeeting(tx, userId)
    await tx.query('UPDATE appointments SET status = $2 WHERE id = $1', [current.id, status ?? 'attended'])
    return endMeetingTx(tx, current.id, now)
  })
  await announceMeetingEnd(context, row)
}

async function endMeetingTx(tx: Queryable, appointmentId: string, now: number): Promise<AppointmentRow> {
  await tx.query(
    "UPDATE meeting_guests SET state = 'left' WHERE appointment_id = $1 AND state IN ('waiting', 'accepted')",
    [appointmentId],
  )
  await tx.query(
    'UPDATE agent_states SET appointment_id = NULL, available_since = $2 WHERE appointment_id = $1',
    [appointmentId, new Date(now)],
  )
  await closeRoom(tx, appointmentId, now)
  return (await appointmentById(tx, appointmentId)) as AppointmentRow
}

async function announceMeetingEnd(context: ServerContext, row: AppointmentRow): Promise<void> {
  const room = rooms.room(row.id)
  const agents = await context.io.in(room).fetchSockets()
  const userIds = [
    ...new Set(agents.map((socket) => socket.data.userId).filter((id): id is string => Boolean(id))),
  ]
  context.io
    .to(room)
    .emit('meeting:ended', { appointmentId: row.id, appointment: appointmentView(context, row) })
  context.io
    .to(rooms.user(row.user_id))
    .except(room)
    .emit('meeting:ended', {
      appointmentId: row.id,
      appointment: appointmentView(context, row),
    })
  context.customers.to(room).emit('meeting:ended', { appointmentId: row.id })
  context.io.in(room).socketsLeave(room)
  context.customers.in(room).socketsLeave(room)
  for (const userId of new Set([...userIds, row.user_id])) {
    await emitStatus(context, userId)
    context.background.run(() => dispatchForAgent(context, userId))
  }
}

/** The agent did not come back in time: the meeting ends for the customers (the appointment keeps its status). */
export async function leaveMeetingForGood(
  context: ServerContext,
  userId: string,
  appointmentId: string,
): Promise<void> {
  const now = context.clock.now()
  const row = await context.db.transaction(async (tx) => {
    const state = await lockAgentState(tx, userId)
    if (state?.appointment_id !== appointmentId) return null
    return endMeetingTx(tx, appointmentId, now)
  })
  if (row) await announceMeetingEnd(context, row)
}

/** A customer left a meeting (or its waiting room). */
export async function guestLeaves(
  context: ServerContext,
  sessionId: string,
  appointmentId: string,
): Promise<void> {
  const now = context.clock.now()
  const row = await context.db.transaction(async (tx) => {
    const updated = await tx.query(
      "UPDATE meeting_guests SET state = 'left' WHERE appointment_id = $1 AND session_id = $2 AND state IN ('waiting', 'accepted') RETURNING 1",
      [appointmentId, sessionId],
    )
    if (updated.length === 0) return null
    await leaveRoom(tx, appointmentId, meetingCustomerPeerId(sessionId), now)
    return appointmentById(tx, appointmentId)
  })
  if (!row) return
  const peerId = meetingCustomerPeerId(sessionId)
  context.io.to(rooms.room(appointmentId)).emit('peer:leave', { peerId })
  context.customers.to(rooms.room(appointmentId)).emit('peer:leave', { peerId })
  context.customers
    .in(rooms.customer(sessionId))
    .socketsLeave([rooms.room(appointmentId), rooms.peer(peerId)])
  await announcePending(context, row)
}
