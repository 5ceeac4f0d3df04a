import { hasMinimumGap } from '../../src/lib/booking-window'
import type { Appointment, AppointmentsFind, AppointmentsFound, CalendarServices } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import {
  SELECT_APPOINTMENT,
  appointmentById,
  lockAppointment,
  toAppointment,
  type AppointmentRow,
} from '../store/appointments'
import { userById } from '../store/users'
import { dayRangeUtc, isKnownTimeZone } from '../../src/lib/zoned-time'

/** Who asks: an agent of an account. */
export interface Caller {
  userId: string
  accountId: string
  timezone: string
}

/** The protocol shape with this server's links. */
export function appointmentView(context: ServerContext, row: AppointmentRow): Appointment {
  return toAppointment(row, context.publicUrl())
}

/** `appointments:find`: a local day of one or more calendars of the caller's account. */
export async function findAppointments(
  context: ServerContext,
  caller: Caller,
  request: AppointmentsFind,
): Promise<AppointmentsFound> {
  const timezone = request.timezone ?? caller.timezone
  if (!isKnownTimeZone(timezone)) throw new ServerError(400, `Unknown time zone ${timezone}`)
  const users = request.users && request.users.length > 0 ? [...new Set(request.users)] : [caller.userId]
  const known = await context.db.query<{ id: string }>(
    'SELECT id FROM users WHERE account_id = $1 AND id = ANY($2)',
    [caller.accountId, users],
  )
  if (known.length !== users.length) throw new ServerError(404, 'Unknown user')
  const { start, end } = dayRangeUtc(request.date, timezone)
  const rows = await context.db.query<AppointmentRow>(
    `${SELECT_APPOINTMENT} WHERE p.user_id = ANY($1) AND p.start_at < $3 AND p.end_at > $2 ORDER BY p.start_at, p.id`,
    [users, new Date(start), new Date(end)],
  )
  return { date: request.date, timezone, users, data: rows.map((row) => appointmentView(context, row)) }
}

/** An appointment of the caller's account; 404 otherwise. */
export async function getAppointment(
  context: ServerContext,
  caller: Caller,
  id: string,
): Promise<Appointment> {
  const row = await appointmentById(context.db, id)
  if (!row || row.account_id !== caller.accountId) throw new ServerError(404, 'Appointment not found')
  return appointmentView(context, row)
}

/**
 * Refuses a change to an appointment that is read-only: canceled, rescheduled, blocked or external,
 * past (its end is gone), or in progress (started). 409.
 */
export function assertEditable(row: AppointmentRow, now: number): void {
  if (row.status !== 'pending') throw new ServerError(409, `The appointment is ${row.status}`)
  if (row.type !== 'regular') throw new ServerError(409, `A ${row.type} appointment cannot be changed here`)
  if (row.end_at.getTime() <= now) throw new ServerError(409, 'The appointment is over')
  if (row.start_at.getTime() <= now) throw new ServerError(409, 'The appointment is in progress')
}

async function lockOwn(
  context: ServerContext,
  tx: Parameters<typeof lockAppointment>[0],
  caller: Caller,
  id: string,
) {
  const row = await lockAppointment(tx, id)
  if (!row || row.account_id !== caller.accountId) throw new ServerError(404, 'Appointment not found')
  if (row.user_id !== caller.userId)
    throw new ServerError(403, 'Only the owner of the calendar can change it')
  return row
}

/** `appointments:patch`: new start and end, at least 5 minutes apart, on an editable future appointment. */
export async function patchAppointment(
  context: ServerContext,
  caller: Caller,
  request: { id: string; startAt: string; endAt: string },
): Promise<Appointment> {
  const start = Date.parse(request.startAt)
  const end = Date.parse(request.endAt)
  if (!hasMinimumGap({ start, end }))
    throw new ServerError(400, 'The end must be at least 5 minutes after the start')
  const now = context.clock.now()
  if (start <= now) throw new ServerError(422, 'The new start is in the past')
  const row = await context.db.transaction(async (tx) => {
    const current = await lockOwn(context, tx, caller, request.id)
    assertEditable(current, now)
    await tx.query('UPDATE appointments SET start_at = $2, end_at = $3 WHERE id = $1', [
      request.id,
      new Date(start),
      new Date(end),
    ])
    return (await appointmentById(tx, request.id)) as AppointmentRow
  })
  return appointmentView(context, row)
}

/** `appointments:remove`: cancels with a reason (by the agent). */
export async function cancelAppointment(
  context: ServerContext,
  caller: Caller,
  request: { id: string; cancelReason: string },
): Promise<Appointment> {
  const now = context.clock.now()
  const row = await context.db.transaction(async (tx) => {
    const current = await lockOwn(context, tx, caller, request.id)
    assertEditable(current, now)
    await tx.query(
      `UPDATE appointments SET status = 'canceled', cancel_reason = $2, canceled_at = $3, canceled_by = 'agent'
        WHERE id = $1`,
      [request.id, request.cancelReason, new Date(now)],
    )
    return (await appointmentById(tx, request.id)) as AppointmentRow
  })
  return appointmentView(context, row)
}

/** `calendar:services`: the services (calendars) the agent can book. */
export async function calendarServices(context: ServerContext, userId: string): Promise<CalendarServices> {
  const rows = await context.db.query<{ id: string; title: string }>(
    `SELECT s.id, s.title FROM services s JOIN user_services us ON us.service_id = s.id
      WHERE us.user_id = $1 ORDER BY s.title`,
    [userId],
  )
  return { data: rows }
}

/** The caller of a socket (its timezone from `authenticate`, else the user's own). */
export async function callerOf(
  context: ServerContext,
  data: { userId?: string; accountId?: string; timezone?: string },
): Promise<Caller> {
  if (!data.userId || !data.accountId) throw new ServerError(401, 'Authenticate first')
  const timezone = data.timezone ?? (await userById(context.db, data.userId))?.timezone ?? 'UTC'
  return { userId: data.userId, accountId: data.accountId, timezone }
}
