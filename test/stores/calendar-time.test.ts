import { expect } from '@open-wc/testing'
import {
  addDays,
  addMonths,
  dayOf,
  fromLocalInput,
  startOfDayUtc,
  toLocalInput,
  wallClockAt,
  zonedToUtc,
} from '../../src/stores/calendar/calendar-time'
import {
  allTimeZones,
  browserTimeZone,
  canonicalTimeZone,
  customerTimeZone,
} from '../../src/stores/calendar/time-zones'

const at = (iso: string) => Date.parse(iso)
const wall = (iso: string, zone: string) => {
  const reading = wallClockAt(at(iso), zone)
  return `${reading.year}-${reading.month}-${reading.day} ${reading.hour}:${String(reading.minute).padStart(2, '0')}`
}

describe('time in IANA zones (calendar-time)', () => {
  it('reads the wall clock on both sides of each daylight-saving change', () => {
    // Santiago: clocks go back at 24:00 on 4 April 2026 (23:30 happens twice) and forward at 00:00 on 6 September.
    expect(wall('2026-04-05T02:30:00Z', 'America/Santiago')).to.equal('2026-4-4 23:30')
    expect(wall('2026-04-05T03:30:00Z', 'America/Santiago')).to.equal('2026-4-4 23:30')
    expect(wall('2026-09-06T04:30:00Z', 'America/Santiago')).to.equal('2026-9-6 1:30')
    expect(wall('2026-03-29T01:30:00Z', 'Europe/Madrid')).to.equal('2026-3-29 3:30')
    expect(wall('2026-10-25T01:30:00Z', 'Europe/Madrid')).to.equal('2026-10-25 2:30')
    expect(wall('2026-03-08T07:30:00Z', 'America/New_York')).to.equal('2026-3-8 3:30')
    expect(wall('2026-11-01T06:30:00Z', 'America/New_York')).to.equal('2026-11-1 1:30')
  })

  it('turns wall clocks into instants: a repeated time is the earlier one, a skipped time moves forward', () => {
    const utc = (reading: [number, number, number, number, number], zone: string) =>
      new Date(
        zonedToUtc(
          { year: reading[0], month: reading[1], day: reading[2], hour: reading[3], minute: reading[4] },
          zone,
        ),
      ).toISOString()
    expect(utc([2026, 4, 4, 23, 30], 'America/Santiago')).to.equal('2026-04-05T02:30:00.000Z')
    expect(utc([2026, 9, 6, 0, 30], 'America/Santiago')).to.equal('2026-09-06T04:30:00.000Z')
    expect(utc([2026, 9, 6, 1, 30], 'America/Santiago')).to.equal('2026-09-06T04:30:00.000Z')
    expect(utc([2026, 3, 29, 2, 30], 'Europe/Madrid')).to.equal('2026-03-29T01:30:00.000Z')
    expect(utc([2026, 10, 25, 2, 30], 'Europe/Madrid')).to.equal('2026-10-25T00:30:00.000Z')
    expect(utc([2026, 3, 8, 2, 30], 'America/New_York')).to.equal('2026-03-08T07:30:00.000Z')
    expect(utc([2026, 11, 1, 1, 30], 'America/New_York')).to.equal('2026-11-01T05:30:00.000Z')
    expect(utc([2026, 7, 1, 12, 0], 'Asia/Kolkata')).to.equal('2026-07-01T06:30:00.000Z')
  })

  it('knows where a day starts, even when midnight does not exist', () => {
    expect(new Date(startOfDayUtc('2026-09-06', 'America/Santiago')).toISOString()).to.equal(
      '2026-09-06T04:00:00.000Z',
    )
    expect(new Date(startOfDayUtc('2026-04-05', 'America/Santiago')).toISOString()).to.equal(
      '2026-04-05T04:00:00.000Z',
    )
    expect(dayOf(at('2026-04-05T03:30:00Z'), 'America/Santiago')).to.equal('2026-04-04')
  })

  it('moves dates by days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).to.equal('2027-01-01')
    expect(addDays('2026-03-01', -1)).to.equal('2026-02-28')
    expect(addMonths('2026-12-15', 1)).to.equal('2027-01-01')
    expect(addMonths('2026-01-31', -1)).to.equal('2025-12-01')
  })

  it('reads and writes datetime-local values in a zone', () => {
    expect(toLocalInput(at('2026-11-01T05:30:00Z'), 'America/New_York')).to.equal('2026-11-01T01:30')
    expect(new Date(fromLocalInput('2026-03-29T03:15', 'Europe/Madrid')!).toISOString()).to.equal(
      '2026-03-29T01:15:00.000Z',
    )
    expect(fromLocalInput('not a date', 'Europe/Madrid')).to.equal(null)
  })
})

describe('time zone names', () => {
  it('maps aliases and retired names to canonical IANA names', () => {
    expect(canonicalTimeZone('US/Eastern')).to.equal('America/New_York')
    expect(canonicalTimeZone('Chile/Continental')).to.equal('America/Santiago')
    expect(canonicalTimeZone('Asia/Calcutta')).to.equal('Asia/Kolkata')
    expect(canonicalTimeZone('Asia/Kolkata')).to.equal('Asia/Kolkata')
    expect(canonicalTimeZone('Europe/Kiev')).to.equal('Europe/Kyiv')
    expect(canonicalTimeZone('Etc/UTC')).to.equal('UTC')
    expect(canonicalTimeZone('Mars/Olympus_Mons')).to.equal(null)
  })

  it('falls back to America/Santiago for a customer zone it does not know', () => {
    expect(customerTimeZone('Mars/Olympus_Mons')).to.equal('America/Santiago')
    expect(customerTimeZone(null)).to.equal('America/Santiago')
    expect(customerTimeZone('Europe/Madrid')).to.equal('Europe/Madrid')
  })

  it('lists every zone the browser knows, canonical names only, each usable by Intl', () => {
    const zones = allTimeZones()
    expect(zones.length).to.be.greaterThan(400)
    expect(zones).to.include.members([
      'America/Santiago',
      'Asia/Kolkata',
      'Europe/Kyiv',
      'UTC',
      'America/Argentina/Buenos_Aires',
    ])
    expect(zones).to.not.include.members(['Asia/Calcutta', 'Europe/Kiev', 'America/Buenos_Aires'])
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).to.not.throw()
    expect(zones).to.include(browserTimeZone())
  })
})
