import type { PendingAuthorization, PendingAuthorizations } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { appointmentById, type AppointmentRow } from '../store/appointments'
import { joinRoom, leaveRoom, meetingCustomerPeerId, messagesOf, presentPeers } from '../store/participants'
import { rooms } from '../realtime/io-types'
import { lockAgentMeeting } from './agent-meeting'

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
