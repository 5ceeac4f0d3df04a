import type { ServerContext } from '../context'
import { SELECT_APPOINTMENT, type AppointmentRow } from '../store/appointments'
import { rooms } from '../realtime/io-types'
import { appointmentView } from './appointments'

/**
 * `appointments:check` (every 5 s from the console): new appointments booked into the agent's calendar
 * since the last check (`appointments:notification:new`, once each) and meetings with customers waiting
 * (`appointments:meeting`).
 */
export async function checkAppointments(context: ServerContext, userId: string): Promise<void> {
  const now = new Date(context.clock.now())
  const fresh = await context.db.query<AppointmentRow>(
    `WITH marked AS (UPDATE appointments SET notified_at = $2 WHERE user_id = $1 AND notified_at IS NULL RETURNING id)
     ${SELECT_APPOINTMENT} WHERE p.id IN (SELECT id FROM marked) ORDER BY p.start_at`,
    [userId, now],
  )
  for (const row of fresh)
    context.io
      .to(rooms.user(userId))
      .emit('appointments:notification:new', { appointment: appointmentView(context, row) })
  const waiting = await context.db.query<AppointmentRow & { waiting: number }>(
    `${SELECT_APPOINTMENT.replace('SELECT p.*,', "SELECT p.*, (SELECT count(*)::int FROM meeting_guests g WHERE g.appointment_id = p.id AND g.state = 'waiting') AS waiting,")}
      WHERE p.user_id = $1 AND p.status IN ('pending', 'attended')
        AND EXISTS (SELECT 1 FROM meeting_guests g WHERE g.appointment_id = p.id AND g.state = 'waiting')`,
    [userId],
  )
  for (const row of waiting)
    context.io.to(rooms.user(userId)).emit('appointments:meeting', {
      appointment: appointmentView(context, row),
      status: 'customer-waiting',
      waiting: row.waiting,
    })
}
