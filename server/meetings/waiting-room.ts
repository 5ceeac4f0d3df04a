import type { PendingAuthorization, PendingAuthorizations } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { appointmentById, type AppointmentRow } from '../store/appointments'
import { joinRoom, leaveRoom, meetingCustomerPeerId, messagesOf, presentPeers } from '../store/participants'
import { rooms } from '../realtime/io-types'
import { lockAgentMeeting } from './agent-meeting'
import { signGuestToken } from './guest-token'

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
    const guests = await tx.query<{ name: string; guest_id: string }>(
      "UPDATE meeting_guests SET state = $3 WHERE appointment_id = $1 AND session_id = $2 AND state = 'waiting' RETURNING name, guest_id",
      [row.id, sessionId, accept ? 'accepted' : 'denied'],
    )
    const guest = guests[0]
    if (!guest) throw new ServerError(404, 'Nobody with that sessionId is waiting')
    if (accept)
      await joinRoom(
        tx,
        row.id,
        { peerId: meetingCustomerPeerId(guest.guest_id), role: 'customer', name: guest.name, sessionId },
        now,
      )
    return { row, name: guest.name, guestId: guest.guest_id }
  })
  const { row } = outcome
  if (accept) await admitGuest(context, row.id, sessionId, outcome.guestId, outcome.name)
  else context.customers.to(rooms.customer(sessionId)).emit('meeting:denied', { appointmentId: row.id })
  return announcePending(context, row)
}

/**
 * Takes an accepted customer's sockets into the room; they are the newcomer and connect to everybody.
 * They get their guest token (to come back after a reconnect); the others only see their public peer id.
 */
export async function admitGuest(
  context: ServerContext,
  appointmentId: string,
  sessionId: string,
  guestId: string,
  name: string,
): Promise<void> {
  const peerId = meetingCustomerPeerId(guestId)
  const ends = await context.db.query<{ end_at: Date }>('SELECT end_at FROM appointments WHERE id = $1', [
    appointmentId,
  ])
  const guestToken = await signGuestToken(
    context,
    guestId,
    appointmentId,
    ends[0]?.end_at.getTime() ?? context.clock.now(),
  )
  await context.customers
    .in(rooms.customer(sessionId))
    .socketsJoin([rooms.room(appointmentId), rooms.peer(peerId)])
  context.customers.to(rooms.customer(sessionId)).emit('meeting:accepted', {
    appointmentId,
    peerId,
    peers: await presentPeers(context.db, appointmentId, peerId),
    messages: await messagesOf(context.db, appointmentId),
    guestToken,
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
    const updated = await tx.query<{ guest_id: string }>(
      "UPDATE meeting_guests SET state = 'left' WHERE appointment_id = $1 AND session_id = $2 AND state IN ('waiting', 'accepted') RETURNING guest_id",
      [appointmentId, sessionId],
    )
    const guestId = updated[0]?.guest_id
    if (guestId === undefined) return null
    await leaveRoom(tx, appointmentId, meetingCustomerPeerId(guestId), now)
    const appointment = await appointmentById(tx, appointmentId)
    return appointment ? { appointment, peerId: meetingCustomerPeerId(guestId) } : null
  })
  if (!row) return
  const { peerId } = row
  context.io.to(rooms.room(appointmentId)).emit('peer:leave', { peerId })
  context.customers.to(rooms.room(appointmentId)).emit('peer:leave', { peerId })
  context.customers
    .in(rooms.customer(sessionId))
    .socketsLeave([rooms.room(appointmentId), rooms.peer(peerId)])
  await announcePending(context, row.appointment)
}
