import {
  validateFormValues,
  type Appointment,
  type FilledField,
  type FormDefinition,
  type FormValues,
  type ScheduleRequest,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { newId, randomToken } from '../store/ids'
import { appointmentById, lockAppointment, type AppointmentRow } from '../store/appointments'
import { insertNotification, notificationsOf } from '../store/notifications'
import { fullName, userById, type UserRow } from '../store/users'
import { rooms } from '../realtime/io-types'
import { isFreeSlot } from './availability'
import { appointmentView, assertEditable } from './appointments'
import { isKnownTimeZone } from '../../src/lib/zoned-time'

/** A service of an account with its form. */
export interface ServiceRow {
  id: string
  account_id: string
  title: string
  duration_min: number
  form: FormDefinition
}

/** A service the agent serves, in the caller's account; 404 otherwise. */
export async function serviceOfAgent(db: Queryable, agentId: string, serviceId: string): Promise<ServiceRow> {
  const rows = await db.query<ServiceRow>(
    `SELECT s.* FROM services s JOIN user_services us ON us.service_id = s.id WHERE us.user_id = $1 AND s.id = $2`,
    [agentId, serviceId],
  )
  const service = rows[0]
  if (!service) throw new ServerError(404, 'The agent does not offer this service')
  return service
}

/** The agent whose calendar is asked about, in the caller's account; 404 otherwise. */
export async function agentOfAccount(db: Queryable, accountId: string, userId: string): Promise<UserRow> {
  const user = await userById(db, userId)
  if (!user || user.account_id !== accountId || user.level < 4) throw new ServerError(404, 'Unknown agent')
  return user
}

/** Form values as filled fields to show (labels, values, choices). */
function filled(form: FormDefinition, values: FormValues): FilledField[] {
  return form
    .filter((field) => values[field.name] !== undefined)
    .map((field) => ({
      label: field.label,
      value: values[field.name] ?? null,
      ...(field.options ? { options: field.options } : {}),
    }))
}

/**
 * Tells a connected calendar owner about a booking made by someone else, once: marking it notified
 * is the same conditional update `appointments:check` uses, so only one of them sends it.
 */
async function notifyOwner(context: ServerContext, row: AppointmentRow, byOwner: boolean): Promise<void> {
  if (byOwner) return
  const marked = await context.db.query(
    `UPDATE appointments SET notified_at = $3 WHERE id = $1 AND notified_at IS NULL
       AND EXISTS (SELECT 1 FROM agent_states WHERE user_id = $2 AND connected) RETURNING id`,
    [row.id, row.user_id, new Date(context.clock.now())],
  )
  if (marked.length === 0) return
  const appointment = appointmentView(context, row)
  context.io.to(rooms.user(row.user_id)).emit('appointments:notification:new', { appointment })
  context.io
    .to(rooms.user(row.user_id))
    .emit('notifications:update', await notificationsOf(context.db, row.user_id))
}

/**
 * `POST /schedule/{userId}`: books a free slot of an agent's calendar. 400 for a bad form, time zone
 * or referrer; 404 for an unknown agent or service; 422 for a time that is not a slot (past, outside
 * working hours); 409 for a slot just taken. Bookings of one agent are serialised by locking them.
 */
export async function scheduleAppointment(
  context: ServerContext,
  caller: UserRow,
  agentId: string,
  request: ScheduleRequest,
): Promise<Appointment> {
  if (!isKnownTimeZone(request.timezone)) throw new ServerError(400, `Unknown time zone ${request.timezone}`)
  const now = context.clock.now()
  const row = await context.db.transaction(async (tx) => {
    const agent = await agentOfAccount(tx, caller.account_id, agentId)
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [agent.id])
    const service = await serviceOfAgent(tx, agent.id, request.service)
    const errors = validateFormValues(service.form, request.form)
    if (errors.length > 0) throw new ServerError(400, 'The form is not valid', { errors })
    const referrers = await tx.query('SELECT 1 FROM referrers WHERE account_id = $1 AND url = $2', [
      caller.account_id,
      request.referrer,
    ])
    if (referrers.length === 0) throw new ServerError(400, 'Unknown referrer link')
    const start = Date.parse(request.startAt)
    const slot = { userId: agent.id, agentZone: agent.timezone, minutes: service.duration_min, now }
    const free = await isFreeSlot(tx, slot, start)
    if (free === 'invalid') throw new ServerError(422, 'That time is not bookable')
    if (free === 'taken') throw new ServerError(409, 'That time was just taken')
    const id = newId()
    const name = typeof request.form.name === 'string' ? request.form.name : ''
    await tx.query(
      `INSERT INTO appointments (id, account_id, user_id, service_id, type, status, start_at, end_at, title, timezone,
         referrer, form, join_code, modify_code, notified_at, created_at)
       VALUES ($1, $2, $3, $4, 'regular', 'pending', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        caller.account_id,
        agent.id,
        service.id,
        new Date(start),
        new Date(start + service.duration_min * 60_000),
        name ? `${service.title} – ${name}` : service.title,
        request.timezone,
        request.referrer,
        JSON.stringify(filled(service.form, request.form)),
        randomToken(12),
        randomToken(12),
        agent.id === caller.id ? new Date(now) : null,
        new Date(now),
      ],
    )
    if (agent.id !== caller.id)
      await insertNotification(
        tx,
        agent.id,
        {
          kind: 'appointment',
          title: 'New appointment',
          body: `${fullName(caller)} booked ${service.title} for you`,
          data: { appointmentId: id },
        },
        now,
      )
    return (await appointmentById(tx, id)) as AppointmentRow
  })
  await notifyOwner(context, row, row.user_id === caller.id)
  return appointmentView(context, row)
}

/**
 * Moves a locked, editable appointment to `start` (a free slot of its calendar, its length kept) as a new
 * appointment; the old one becomes `rescheduled` and links to it. `notifiedAt`: when the calendar's
 * owner was told of the new one (null: `appointments:check` tells them). 422 not bookable, 409 taken.
 */
export async function moveAppointment(
  tx: Queryable,
  old: AppointmentRow,
  owner: UserRow,
  start: number,
  { now, notifiedAt }: { now: number; notifiedAt: Date | null },
): Promise<{ appointment: AppointmentRow; previous: AppointmentRow }> {
  // Bookings of one agent are serialised, as `scheduleAppointment` does.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner.id])
  const minutes = Math.round((old.end_at.getTime() - old.start_at.getTime()) / 60_000)
  const free = await isFreeSlot(
    tx,
    { userId: owner.id, agentZone: owner.timezone, minutes, now },
    start,
    old.id,
  )
  if (free === 'invalid') throw new ServerError(422, 'That time is not bookable')
  if (free === 'taken') throw new ServerError(409, 'That time was just taken')
  const id = newId()
  await tx.query(
    `INSERT INTO appointments (id, account_id, user_id, service_id, type, status, start_at, end_at, title, timezone,
       referrer, form, extra_data, comment, join_code, modify_code, notified_at, created_at)
     SELECT $2, account_id, user_id, service_id, type, 'pending', $3, $4, title, timezone, referrer, form, extra_data,
            comment, $5, $6, $7, $8 FROM appointments WHERE id = $1`,
    [
      old.id,
      id,
      new Date(start),
      new Date(start + minutes * 60_000),
      randomToken(12),
      randomToken(12),
      notifiedAt,
      new Date(now),
    ],
  )
  await tx.query(
    "UPDATE appointments SET status = 'rescheduled', rescheduled_appointment_id = $2 WHERE id = $1",
    [old.id, id],
  )
  return {
    appointment: (await appointmentById(tx, id)) as AppointmentRow,
    previous: (await appointmentById(tx, old.id)) as AppointmentRow,
  }
}

/**
 * `POST /schedule/reschedule/{id}`: moves an editable appointment to a new free slot of the same
 * calendar, as a new appointment; the old one becomes `rescheduled` and links to it.
 */
export async function rescheduleAppointment(
  context: ServerContext,
  caller: UserRow,
  appointmentId: string,
  date: string,
): Promise<{ appointment: Appointment; previous: Appointment }> {
  const now = context.clock.now()
  const result = await context.db.transaction(async (tx) => {
    const old = await lockAppointment(tx, appointmentId)
    if (!old || old.account_id !== caller.account_id) throw new ServerError(404, 'Appointment not found')
    assertEditable(old, now)
    const agent = await agentOfAccount(tx, caller.account_id, old.user_id)
    return moveAppointment(tx, old, agent, Date.parse(date), {
      now,
      notifiedAt: agent.id === caller.id ? new Date(now) : null,
    })
  })
  await notifyOwner(context, result.appointment, result.appointment.user_id === caller.id)
  return {
    appointment: appointmentView(context, result.appointment),
    previous: appointmentView(context, result.previous),
  }
}
