import type { MeetingWaiting } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { SELECT_APPOINTMENT, latestOf, lockAppointment, type AppointmentRow } from '../store/appointments'
import { insertNotification, notificationsOf } from '../store/notifications'
import { rooms } from '../realtime/io-types'
import { appointmentView } from './appointments'
import { assertJoinable } from './meeting-session'
import { admitGuest, announcePending } from './waiting-room'
import { guestTokenValid } from './guest-token'
import { newId } from '../store/ids'

/**
 * `meeting:join` from a customer (the appointment's join URL): into the waiting room, and the agent
 * hears it (`meeting:pending:authorizations`, `appointments:meeting` customer-waiting, a notification).
 * A customer already accepted (a reconnect) goes straight back in with their guest token, and waits
 * to be let in again without it; one denied stays out (403).
 */
export async function guestArrives(
  context: ServerContext,
  sessionId: string,
  request: { code: string; name: string },
  guestToken?: string,
): Promise<MeetingWaiting> {
  const now = context.clock.now()
  const outcome = await context.db.transaction(async (tx) => {
    const rows = await tx.query<AppointmentRow>(`${SELECT_APPOINTMENT} WHERE p.join_code = $1`, [
      request.code,
    ])
    const linked = rows[0]
    if (!linked) throw new ServerError(404, 'Unknown meeting', { reason: 'unknown-meeting' })
    // A moved appointment's join link leads to the meeting of where it was moved (the customer's link
    // from the booking keeps working whoever moved it).
    const row = await lockAppointment(tx, (await latestOf(tx, linked)).row.id)
    if (!row) throw new ServerError(404, 'Unknown meeting', { reason: 'unknown-meeting' })
    assertJoinable(row, now)
    const guests = await tx.query<{ state: string; name: string; guest_id: string }>(
      `INSERT INTO meeting_guests (appointment_id, session_id, name, state, created_at, guest_id)
         VALUES ($1, $2, $3, 'waiting', $4, $5)
       ON CONFLICT (appointment_id, session_id) DO UPDATE
         SET state = CASE WHEN meeting_guests.state IN ('accepted', 'denied') THEN meeting_guests.state ELSE 'waiting' END,
             name = $3
       RETURNING state, name, guest_id`,
      [row.id, sessionId, request.name, new Date(now), newId()],
    )
    const guestId = guests[0]?.guest_id ?? ''
    let state = guests[0]?.state ?? 'waiting'
    // The session id alone does not bring anyone back in: without the guest token, the agent decides again.
    if (state === 'accepted' && !(await guestTokenValid(context, guestToken, guestId, row.id))) {
      await tx.query(
        "UPDATE meeting_guests SET state = 'waiting' WHERE appointment_id = $1 AND session_id = $2",
        [row.id, sessionId],
      )
      state = 'waiting'
    }
    if (state === 'denied') throw new ServerError(403, 'The agent did not let you in', { reason: 'denied' })
    if (state === 'waiting')
      await insertNotification(
        tx,
        row.user_id,
        {
          kind: 'meeting',
          title: 'A customer is waiting',
          body: `${request.name} is waiting to join ${row.title}`,
          data: { appointmentId: row.id },
        },
        now,
      )
    return { row, accepted: state === 'accepted', guestId }
  })
  const { row } = outcome
  const waiting: MeetingWaiting = {
    appointmentId: row.id,
    title: row.title,
    startAt: row.start_at.toISOString(),
    endAt: row.end_at.toISOString(),
    sessionId,
  }
  context.customers.to(rooms.customer(sessionId)).emit('meeting:waiting', waiting)
  if (outcome.accepted) {
    await admitGuest(context, row.id, sessionId, outcome.guestId, request.name)
    return waiting
  }
  const pending = await announcePending(context, row)
  context.io.to(rooms.user(row.user_id)).emit('appointments:meeting', {
    appointment: appointmentView(context, row),
    status: 'customer-waiting',
    waiting: pending.data.length,
  })
  context.io
    .to(rooms.user(row.user_id))
    .emit('notifications:update', await notificationsOf(context.db, row.user_id))
  return waiting
}

/** The meeting a customer session is waiting for or in, if any. */
export async function guestMeeting(
  context: ServerContext,
  sessionId: string,
): Promise<{ appointmentId: string; state: 'waiting' | 'accepted'; name: string; guestId: string } | null> {
  const rows = await context.db.query<{
    appointment_id: string
    state: 'waiting' | 'accepted'
    name: string
    guest_id: string
  }>(
    `SELECT appointment_id, state, name, guest_id FROM meeting_guests WHERE session_id = $1 AND state IN ('waiting', 'accepted')
      ORDER BY created_at DESC LIMIT 1`,
    [sessionId],
  )
  const row = rows[0]
  return row
    ? { appointmentId: row.appointment_id, state: row.state, name: row.name, guestId: row.guest_id }
    : null
}
