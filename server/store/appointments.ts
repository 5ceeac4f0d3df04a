import type { Appointment, FilledField } from '../../src/protocol'
import { queryOne, type Queryable } from './database'

/** An appointment row (with its service title). */
export interface AppointmentRow {
  id: string
  account_id: string
  user_id: string
  service_id: string | null
  service_title: string | null
  type: Appointment['type']
  status: Appointment['status']
  start_at: Date
  end_at: Date
  title: string
  timezone: string
  referrer: string | null
  form: FilledField[]
  extra_data: Record<string, unknown> | null
  comment: string | null
  cancel_reason: string | null
  canceled_at: Date | null
  canceled_by: Appointment['canceledBy']
  rescheduled_appointment_id: string | null
  join_code: string | null
  modify_code: string | null
  notified_at: Date | null
  created_at: Date
}

/** The select list every appointment query uses. */
export const SELECT_APPOINTMENT = `SELECT p.*, s.title AS service_title FROM appointments p
  LEFT JOIN services s ON s.id = p.service_id`

/** An appointment by id. */
export function appointmentById(db: Queryable, id: string): Promise<AppointmentRow | undefined> {
  return queryOne<AppointmentRow>(db, `${SELECT_APPOINTMENT} WHERE p.id = $1`, [id])
}

/** An appointment by id, locked. */
export function lockAppointment(db: Queryable, id: string): Promise<AppointmentRow | undefined> {
  return queryOne<AppointmentRow>(db, `${SELECT_APPOINTMENT} WHERE p.id = $1 FOR UPDATE OF p`, [id])
}

/** A chain of moves longer than this is not followed (each move is a customer's or an agent's act). */
const MAX_MOVES = 50

/**
 * Where an appointment ended up: itself, or, when it was moved (`rescheduled`), the one it was moved to,
 * following each move. A customer's links (join, modify) of a moved appointment lead there. `moved`
 * says whether any move was followed.
 */
export async function latestOf(
  db: Queryable,
  row: AppointmentRow,
): Promise<{ row: AppointmentRow; moved: boolean }> {
  let latest = row
  for (
    let hop = 0;
    latest.status === 'rescheduled' && latest.rescheduled_appointment_id && hop < MAX_MOVES;
    hop++
  ) {
    const next = await appointmentById(db, latest.rescheduled_appointment_id)
    if (!next) break
    latest = next
  }
  return { row: latest, moved: latest !== row }
}

/** The protocol's `Appointment`; `publicUrl` prefixes the join and modify links. */
export function toAppointment(row: AppointmentRow, publicUrl: string): Appointment {
  return {
    _id: row.id,
    id: row.id,
    userId: row.user_id,
    type: row.type,
    status: row.status,
    startAt: row.start_at.toISOString(),
    endAt: row.end_at.toISOString(),
    service: row.service_id ? { _id: row.service_id, title: row.service_title ?? '' } : null,
    title: row.title,
    joinUrl: row.join_code ? `${publicUrl}/customer.html?meeting=${row.join_code}` : null,
    modifyUrl: row.modify_code ? `${publicUrl}/customer.html?modify=${row.modify_code}` : null,
    timezone: row.timezone,
    referrer: row.referrer,
    form: row.form,
    extraData: row.extra_data,
    comment: row.comment,
    cancelReason: row.cancel_reason,
    canceledAt: row.canceled_at ? row.canceled_at.toISOString() : null,
    canceledBy: row.canceled_by,
    rescheduledAppointment: row.rescheduled_appointment_id,
    createdAt: row.created_at.toISOString(),
  }
}
