// The customer's side of an appointment, reached by its modify code (no login: the code is the secret):
// see it, the free times it could move to, cancel it or move it. The calendar's owner is told at once.
import { APPOINTMENT_JOIN_WINDOW_MS } from '../../src/constants'
import type { CustomerChange, DayItem, HourItem, PublicAppointment } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import {
  SELECT_APPOINTMENT,
  appointmentById,
  latestOf,
  lockAppointment,
  type AppointmentRow,
} from '../store/appointments'
import { insertNotification, notificationsOf } from '../store/notifications'
import { fullName, userById, type UserRow } from '../store/users'
import { queryOne } from '../store/database'
import { rooms } from '../realtime/io-types'
import { datesOf, hoursOf, type SlotContext } from './availability'
import { appointmentView, assertEditable } from './appointments'
import { moveAppointment } from './schedule'

// The shape of the codes the server makes (12 random bytes, base64url): anything else is not looked up.
const CODE = /^[A-Za-z0-9_-]{8,64}$/

const unknown = () => new ServerError(404, 'This link is no longer valid', { reason: 'unknown-appointment' })

/**
 * The appointment a modify code leads to: the code's own, or, when that one was moved, the one it was
 * moved to (following each move). `lock` locks the one returned. 404 for an unknown code.
 */
async function resolveCode(
  db: Queryable,
  code: string,
  lock = false,
): Promise<{ row: AppointmentRow; moved: boolean }> {
  if (!CODE.test(code)) throw unknown()
  const linked = await queryOne<AppointmentRow>(db, `${SELECT_APPOINTMENT} WHERE p.modify_code = $1`, [code])
  if (!linked || linked.type !== 'regular') throw unknown()
  const { row, moved } = await latestOf(db, linked)
  if (!lock) return { row, moved }
  const locked = await lockAppointment(db, row.id)
  if (!locked) throw unknown()
  // Moved meanwhile (between the read and the lock): the customer acts on what they saw, which is gone.
  if (locked.status !== row.status) throw new ServerError(409, `The appointment is ${locked.status}`)
  return { row: locked, moved }
}

async function ownerOf(db: Queryable, row: AppointmentRow): Promise<UserRow> {
  const owner = await userById(db, row.user_id)
  if (!owner) throw unknown()
  return owner
}

/** Whether the customer may still cancel or move it (the rules the agent's drawer follows). */
function isChangeable(row: AppointmentRow, now: number): boolean {
  try {
    assertEditable(row, now)
    return true
  } catch {
    return false
  }
}

/** The customer's view: no contact form, no agent's reason, the join link while it can be joined. */
function publicView(
  row: AppointmentRow,
  owner: UserRow,
  moved: boolean,
  context: ServerContext,
): PublicAppointment {
  const now = context.clock.now()
  const view = appointmentView(context, row)
  const joinable =
    (row.status === 'pending' || row.status === 'attended') &&
    row.end_at.getTime() + APPOINTMENT_JOIN_WINDOW_MS >= now
  return {
    status: row.status,
    service: row.service_title,
    agent: fullName(owner),
    startAt: view.startAt,
    endAt: view.endAt,
    timezone: row.timezone,
    joinUrl: joinable ? view.joinUrl : null,
    code: row.modify_code ?? '',
    changeable: isChangeable(row, now),
    moved,
    canceledAt: view.canceledAt,
    canceledBy: view.canceledBy,
  }
}

/** `GET /public/appointments/{code}`. */
export async function customerAppointment(context: ServerContext, code: string): Promise<PublicAppointment> {
  const { row, moved } = await resolveCode(context.db, code)
  return publicView(row, await ownerOf(context.db, row), moved, context)
}

/** The calendar and slot length of a move of the appointment (its owner's hours, its own length). */
async function slotOf(context: ServerContext, code: string): Promise<{ slot: SlotContext; id: string }> {
  const { row } = await resolveCode(context.db, code)
  if (!isChangeable(row, context.clock.now())) throw new ServerError(409, `The appointment cannot be moved`)
  const owner = await ownerOf(context.db, row)
  const minutes = Math.round((row.end_at.getTime() - row.start_at.getTime()) / 60_000)
  return {
    slot: { userId: owner.id, agentZone: owner.timezone, minutes, now: context.clock.now() },
    id: row.id,
  }
}

/** `GET /public/appointments/{code}/dates`: days of a month (in `zone`) it could move to. */
export async function customerDates(
  context: ServerContext,
  code: string,
  month: string,
  zone: string,
): Promise<DayItem[]> {
  const { slot, id } = await slotOf(context, code)
  return datesOf(context.db, slot, month, zone, id)
}

/** `GET /public/appointments/{code}/hours`: free starts of a day (in `zone`) it could move to. */
export async function customerHours(
  context: ServerContext,
  code: string,
  date: string,
  zone: string,
): Promise<HourItem[]> {
  const { slot, id } = await slotOf(context, code)
  return hoursOf(context.db, slot, date, zone, id)
}

/** The owner's notice of the change: a stored notification (read later if away) and the live event. */
async function tellOwner(
  context: ServerContext,
  change: CustomerChange['change'],
  row: AppointmentRow,
  next: AppointmentRow | null,
): Promise<void> {
  const owner = rooms.user(row.user_id)
  context.io.to(owner).emit('appointments:customer-change', {
    change,
    appointment: appointmentView(context, row),
    next: next ? appointmentView(context, next) : null,
  })
  context.io.to(owner).emit('notifications:update', await notificationsOf(context.db, row.user_id))
}

/**
 * Stores the owner's notification of the change (read later if away), written in the owner's zone: the
 * console shows stored notifications as written. It points at the appointment as it now stands.
 */
async function storeNotice(
  tx: Queryable,
  owner: UserRow,
  { row, next, now }: { row: AppointmentRow; next: AppointmentRow | null; now: number },
): Promise<void> {
  const when = new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: owner.timezone,
  })
  const text = next
    ? { title: 'Appointment moved', body: `The customer moved ${row.title} to ${when.format(next.start_at)}` }
    : {
        title: 'Appointment canceled',
        body: `The customer canceled ${row.title}${row.cancel_reason ? `: ${row.cancel_reason}` : ''}`,
      }
  const data = { appointmentId: (next ?? row).id }
  await insertNotification(tx, owner.id, { kind: 'appointment', ...text, data }, now)
}

/** `POST /public/appointments/{code}/cancel`: the customer cancels, with an optional reason. */
export async function customerCancel(
  context: ServerContext,
  code: string,
  reason: string,
): Promise<PublicAppointment> {
  const now = context.clock.now()
  const { row, owner } = await context.db.transaction(async (tx) => {
    const { row: current } = await resolveCode(tx, code, true)
    assertEditable(current, now)
    await tx.query(
      `UPDATE appointments SET status = 'canceled', cancel_reason = $2, canceled_at = $3, canceled_by = 'customer'
        WHERE id = $1`,
      [current.id, reason.trim() || null, new Date(now)],
    )
    const row = (await appointmentById(tx, current.id)) as AppointmentRow
    const owner = await ownerOf(tx, row)
    await storeNotice(tx, owner, { row, next: null, now })
    return { row, owner }
  })
  await tellOwner(context, 'canceled', row, null)
  return publicView(row, owner, false, context)
}

/** `POST /public/appointments/{code}/reschedule`: the customer moves it to a free slot; the new one is returned. */
export async function customerReschedule(
  context: ServerContext,
  code: string,
  startAt: string,
): Promise<PublicAppointment> {
  const now = context.clock.now()
  const { moved, owner } = await context.db.transaction(async (tx) => {
    const { row: current } = await resolveCode(tx, code, true)
    assertEditable(current, now)
    const owner = await ownerOf(tx, current)
    // The owner is told here, so `appointments:check` does not also announce it as a new booking.
    const moved = await moveAppointment(tx, current, owner, Date.parse(startAt), {
      now,
      notifiedAt: new Date(now),
    })
    await storeNotice(tx, owner, { row: moved.previous, next: moved.appointment, now })
    return { moved, owner }
  })
  await tellOwner(context, 'rescheduled', moved.previous, moved.appointment)
  return publicView(moved.appointment, owner, false, context)
}
