import { APPOINTMENT_JOIN_WINDOW_MS } from '../../src/constants'
import type { MeetingJoined } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { appointmentById, lockAppointment, type AppointmentRow } from '../store/appointments'
import { consoleSettings } from '../store/accounts'
import { lockAgentState } from '../store/agent-states'
import { leaveLegs, meetingLeg } from '../store/call-legs'
import { fullName, userById } from '../store/users'
import { agentPeerId, closeRoom, joinRoom, messagesOf, presentPeers } from '../store/participants'
import { rooms, type AgentSocket } from '../realtime/io-types'
import { dispatchForAgent } from '../routing/dispatch'
import { emitStatus } from '../routing/leaving'
import { appointmentView } from './appointments'
import { pendingOf } from './waiting-room'
import { lockAgentMeeting } from './agent-meeting'

/** A meeting opens this long before its start. */
export const MEETING_OPENS_BEFORE_MS = 15 * 60_000
const TOKEN_TTL_S = 6 * 60 * 60

/**
 * Refuses (409) a meeting that cannot be held now: blocked, external, canceled, rescheduled, outside its
 * window. Each refusal has a `reason` (`no-meeting`, `canceled`, `rescheduled`, `not-open`, `over`): the
 * customer's page says it in the customer's language.
 */
export function assertJoinable(row: AppointmentRow, now: number): void {
  if (row.type !== 'regular')
    throw new ServerError(409, `A ${row.type} appointment has no meeting`, { reason: 'no-meeting' })
  if (row.status === 'canceled' || row.status === 'rescheduled')
    throw new ServerError(409, `The appointment is ${row.status}`, { reason: row.status })
  if (now < row.start_at.getTime() - MEETING_OPENS_BEFORE_MS)
    throw new ServerError(409, 'The meeting has not opened yet', { reason: 'not-open' })
  if (now > row.end_at.getTime() + APPOINTMENT_JOIN_WINDOW_MS)
    throw new ServerError(409, 'The meeting is over', { reason: 'over' })
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
    await meetingLeg(tx, appointmentId, userId, user.account_id, now)
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
  await leaveLegs(tx, appointmentId, null, now)
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
