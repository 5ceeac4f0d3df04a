import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { datesOf, hoursOf, isFreeSlot, type SlotContext } from '../../server/meetings/availability'
import type { PGliteDatabase } from '../../server/store/pglite-database'
import { newId } from '../../server/store/ids'
import { freshDatabase } from './support/prepared-database'

// An empty calendar in Santiago, 30-minute slots, 9:00–18:00 Monday to Friday; "now" is pinned per case.
let db: PGliteDatabase
before(async () => {
  db = await freshDatabase()
})
after(() => db.close())

const SANTIAGO = 'America/Santiago'
const at = (iso: string) => Date.parse(iso)
const slot = (now: number): SlotContext => ({ userId: newId(), agentZone: SANTIAGO, minutes: 30, now })
// Monday 7 September 2026 in Santiago (UTC−3 since the day before): 12:00 local is 15:00Z.
const NOON = at('2026-09-07T15:00:00Z')
const MINUTE = 60_000

describe('free days and hours around now (server/meetings/availability)', () => {
  it('offers an hour from exactly now + 3 minutes, not a millisecond less', async () => {
    const onTime = await hoursOf(db, slot(NOON - 3 * MINUTE), '2026-09-07', SANTIAGO)
    assert.deepEqual(onTime[0], { utc: '2026-09-07T15:00:00.000Z', time: '12:00' })
    const late = await hoursOf(db, slot(NOON - 3 * MINUTE + 1), '2026-09-07', SANTIAGO)
    assert.deepEqual(late[0], { utc: '2026-09-07T15:30:00.000Z', time: '12:30' })
    assert.equal(late.at(-1)?.time, '17:30')
  })

  it('starts a day of the month list at now + 5 minutes, and drops today once its last slot is gone', async () => {
    const first = async (now: number) => (await datesOf(db, slot(now), '2026-09-01', SANTIAGO))[0]
    assert.deepEqual(await first(NOON - 5 * MINUTE), { utc: '2026-09-07T15:00:00.000Z', weekday: 1, day: 7 })
    assert.deepEqual(await first(NOON - 5 * MINUTE + 1), {
      utc: '2026-09-07T15:30:00.000Z',
      weekday: 1,
      day: 7,
    })
    const lastSlot = at('2026-09-07T20:30:00Z') // 17:30 local, ends at 18:00
    assert.equal((await first(lastSlot - 5 * MINUTE))?.day, 7)
    assert.deepEqual(await first(lastSlot - 5 * MINUTE + 1), {
      utc: '2026-09-08T12:00:00.000Z',
      weekday: 2,
      day: 8,
    })
  })

  it('keeps working hours on the wall clock across the change to summer time, weekdays only', async () => {
    const days = await datesOf(db, slot(at('2026-08-31T00:00:00Z')), '2026-09-15', SANTIAGO)
    const byDay = new Map(days.map((day) => [day.day, day]))
    assert.equal(byDay.get(4)?.utc, '2026-09-04T13:00:00.000Z') // Friday 9:00 at UTC−4
    assert.equal(byDay.get(7)?.utc, '2026-09-07T12:00:00.000Z') // Monday 9:00 at UTC−3
    assert.equal(byDay.has(5) || byDay.has(6), false)
    assert.ok(days.every((day) => day.weekday >= 1 && day.weekday <= 5))
    assert.equal(days.length, 22)
  })

  it('lists the hours of a day in the zone asked for', async () => {
    const madrid = await hoursOf(db, slot(at('2026-09-01T00:00:00Z')), '2026-09-07', 'Europe/Madrid')
    assert.deepEqual(madrid[0], { utc: '2026-09-07T12:00:00.000Z', time: '14:00' })
    assert.equal(madrid.length, 18)
  })

  it('accepts a booking from now + 3 minutes, on a slot boundary only', async () => {
    const context = slot(NOON - 3 * MINUTE)
    assert.equal(await isFreeSlot(db, context, NOON), 'free')
    assert.equal(await isFreeSlot(db, { ...context, now: context.now + 1 }, NOON), 'invalid')
    assert.equal(await isFreeSlot(db, context, NOON + 10 * MINUTE), 'invalid')
  })
})
