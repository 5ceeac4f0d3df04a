import { earliestBookable } from '../../src/lib/booking-window'
import {
  addDays,
  dayOf,
  dayRangeUtc,
  monthRangeUtc,
  readDate,
  startOfDayUtc,
  timeOf,
  wallClockAt,
  weekdayOf,
  zonedToUtc,
} from '../../src/lib/zoned-time'
import type { DayItem, HourItem } from '../../src/protocol'
import type { Queryable } from '../store/database'

/** Working hours of every agent, in the agent's own zone (Monday to Friday). */
export const WORKING_HOURS = { start: 9, end: 18 }

/** Whose calendar and how long a slot is. */
export interface SlotContext {
  userId: string
  /** The agent's zone (working hours are in it). */
  agentZone: string
  /** Slot length in minutes (the service's duration). */
  minutes: number
  now: number
}

interface Busy {
  start: number
  end: number
}

async function busyBetween(
  db: Queryable,
  userId: string,
  from: number,
  to: number,
  ignore?: string,
): Promise<Busy[]> {
  const rows = await db.query<{ start_at: Date; end_at: Date }>(
    `SELECT start_at, end_at FROM appointments WHERE user_id = $1 AND status IN ('pending', 'attended')
       AND start_at < $3 AND end_at > $2 AND id IS DISTINCT FROM $4`,
    [userId, new Date(from), new Date(to), ignore ?? null],
  )
  return rows.map((row) => ({ start: row.start_at.getTime(), end: row.end_at.getTime() }))
}

/** Slot starts of the agent's working days that touch `[from, to)`, free or not. */
function workingSlots(slot: SlotContext, from: number, to: number): number[] {
  const starts: number[] = []
  const firstDay = dayOf(from, slot.agentZone)
  for (let offset = -1; ; offset++) {
    const day = addDays(firstDay, offset)
    if (startOfDayUtc(day, slot.agentZone) >= to) break
    if (weekdayOf(day) > 5) continue
    const open = zonedToUtc({ ...readDate(day), hour: WORKING_HOURS.start }, slot.agentZone)
    const close = zonedToUtc({ ...readDate(day), hour: WORKING_HOURS.end }, slot.agentZone)
    for (let start = open; start + slot.minutes * 60_000 <= close; start += slot.minutes * 60_000)
      if (start >= from && start < to) starts.push(start)
  }
  return starts
}

/** Free slot starts in `[from, to)` not before `earliest`. */
export async function freeSlots(
  db: Queryable,
  slot: SlotContext,
  from: number,
  to: number,
  earliest: number,
  ignoreAppointment?: string,
): Promise<number[]> {
  const busy = await busyBetween(db, slot.userId, from, to + slot.minutes * 60_000, ignoreAppointment)
  const length = slot.minutes * 60_000
  return workingSlots(slot, from, to).filter(
    (start) => start >= earliest && !busy.some((b) => start < b.end && start + length > b.start),
  )
}

/**
 * `GET /users/{id}/hours`: free slots of a local day in `zone` (never before now + 3 min). `moving`: the
 * appointment being moved, whose own time counts as free (as the move checks it).
 */
export async function hoursOf(
  db: Queryable,
  slot: SlotContext,
  date: string,
  zone: string,
  moving?: string,
): Promise<HourItem[]> {
  const { start, end } = dayRangeUtc(date, zone)
  const slots = await freeSlots(db, slot, start, end, earliestBookable(slot.now, 'hour'), moving)
  return slots.map((instant) => ({ utc: new Date(instant).toISOString(), time: timeOf(instant, zone) }))
}

/**
 * `GET /users/{id}/dates`: the days of a month (in `zone`) with a free slot, each with its first one
 * (≥ now + 5 min). `moving`: the appointment being moved (its own time counts as free).
 */
export async function datesOf(
  db: Queryable,
  slot: SlotContext,
  month: string,
  zone: string,
  moving?: string,
): Promise<DayItem[]> {
  const { start, end } = monthRangeUtc(month, zone)
  const slots = await freeSlots(db, slot, start, end, earliestBookable(slot.now, 'day'), moving)
  const days = new Map<string, DayItem>()
  for (const instant of slots) {
    const local = wallClockAt(instant, zone)
    const key = dayOf(instant, zone)
    if (!days.has(key))
      days.set(key, { utc: new Date(instant).toISOString(), weekday: local.weekday, day: local.day })
  }
  return [...days.values()]
}

/** Whether `start` is a free slot of the agent (schedule and reschedule check it). */
export async function isFreeSlot(
  db: Queryable,
  slot: SlotContext,
  start: number,
  ignoreAppointment?: string,
): Promise<'free' | 'taken' | 'invalid'> {
  if (start < earliestBookable(slot.now, 'hour')) return 'invalid'
  const working = workingSlots(slot, start - 60_000, start + 60_000)
  if (!working.includes(start)) return 'invalid'
  const free = await freeSlots(db, slot, start, start + 1, 0, ignoreAppointment)
  return free.includes(start) ? 'free' : 'taken'
}
