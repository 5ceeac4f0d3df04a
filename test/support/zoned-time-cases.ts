import {
  addDays,
  addMonths,
  dayOf,
  dayRangeUtc,
  fromLocalInput,
  isKnownTimeZone,
  monthRangeUtc,
  parseDate,
  startOfDayUtc,
  timeOf,
  toLocalInput,
  wallClockAt,
  weekdayOf,
  zonedToUtc,
  type WallClock,
} from '../../src/lib/zoned-time'
import { earliestBookable, firstBookableMonth, hasMinimumGap, keepGap } from '../../src/lib/booking-window'

/**
 * The cases of `src/lib/zoned-time` and `src/lib/booking-window`, as data: the console's browser
 * tests and the server's node tests both run every one of them (the node run under several machine
 * zones), so both sides are held to the same answers.
 */
export interface TimeCase {
  /** What is checked, for the test's name. */
  what: string
  /** The answer the module gives now. */
  actual: () => unknown
  /** The answer it must give. */
  expected: unknown
}

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()
const wall = (instant: string, zone: string) => {
  const reading = wallClockAt(at(instant), zone)
  return `${reading.year}-${reading.month}-${reading.day} ${reading.hour}:${String(reading.minute).padStart(2, '0')}`
}
const utc = ([year, month, day, hour, minute]: number[], zone: string) =>
  iso(zonedToUtc({ year, month, day, hour, minute } as WallClock, zone))
const hours = (range: { start: number; end: number }) => (range.end - range.start) / 3_600_000
const minute = 60_000

/** Daylight saving in Santiago, Madrid and New York (2024 and 2026), wall clock ↔ instant. */
export const DST_CASES: TimeCase[] = [
  // Santiago: clocks go back at 24:00 on 4 April 2026 (23:30 happens twice) and forward at 00:00 on 6 September.
  {
    what: 'Santiago, first 23:30 of 4 April 2026',
    actual: () => wall('2026-04-05T02:30:00Z', 'America/Santiago'),
    expected: '2026-4-4 23:30',
  },
  {
    what: 'Santiago, second 23:30 of 4 April 2026',
    actual: () => wall('2026-04-05T03:30:00Z', 'America/Santiago'),
    expected: '2026-4-4 23:30',
  },
  {
    what: 'Santiago, 01:30 after the skipped midnight',
    actual: () => wall('2026-09-06T04:30:00Z', 'America/Santiago'),
    expected: '2026-9-6 1:30',
  },
  {
    what: 'Madrid, 03:30 after the spring gap',
    actual: () => wall('2026-03-29T01:30:00Z', 'Europe/Madrid'),
    expected: '2026-3-29 3:30',
  },
  {
    what: 'Madrid, first 02:30 in October',
    actual: () => wall('2026-10-25T00:30:00Z', 'Europe/Madrid'),
    expected: '2026-10-25 2:30',
  },
  {
    what: 'Madrid, second 02:30 in October',
    actual: () => wall('2026-10-25T01:30:00Z', 'Europe/Madrid'),
    expected: '2026-10-25 2:30',
  },
  {
    what: 'New York, 03:30 after the spring gap',
    actual: () => wall('2026-03-08T07:30:00Z', 'America/New_York'),
    expected: '2026-3-8 3:30',
  },
  {
    what: 'New York, second 01:30 in November',
    actual: () => wall('2026-11-01T06:30:00Z', 'America/New_York'),
    expected: '2026-11-1 1:30',
  },
  {
    what: 'a repeated Santiago reading is the earlier instant',
    actual: () => utc([2026, 4, 4, 23, 30], 'America/Santiago'),
    expected: '2026-04-05T02:30:00.000Z',
  },
  {
    what: 'a skipped Santiago reading moves forward by the gap',
    actual: () => utc([2026, 9, 6, 0, 30], 'America/Santiago'),
    expected: '2026-09-06T04:30:00.000Z',
  },
  {
    what: 'the Santiago reading after the gap',
    actual: () => utc([2026, 9, 6, 1, 30], 'America/Santiago'),
    expected: '2026-09-06T04:30:00.000Z',
  },
  {
    what: 'a skipped Madrid reading moves forward by the gap',
    actual: () => utc([2026, 3, 29, 2, 30], 'Europe/Madrid'),
    expected: '2026-03-29T01:30:00.000Z',
  },
  {
    what: 'a repeated Madrid reading is the earlier instant',
    actual: () => utc([2026, 10, 25, 2, 30], 'Europe/Madrid'),
    expected: '2026-10-25T00:30:00.000Z',
  },
  {
    what: 'a repeated Madrid reading is the earlier instant (2024)',
    actual: () => utc([2024, 10, 27, 2, 30], 'Europe/Madrid'),
    expected: '2024-10-27T00:30:00.000Z',
  },
  {
    what: 'a skipped New York reading moves forward by the gap',
    actual: () => utc([2026, 3, 8, 2, 30], 'America/New_York'),
    expected: '2026-03-08T07:30:00.000Z',
  },
  {
    what: 'a repeated New York reading is the earlier instant',
    actual: () => utc([2026, 11, 1, 1, 30], 'America/New_York'),
    expected: '2026-11-01T05:30:00.000Z',
  },
  {
    what: 'a half-hour zone',
    actual: () => utc([2026, 7, 1, 12, 0], 'Asia/Kolkata'),
    expected: '2026-07-01T06:30:00.000Z',
  },
  {
    what: 'Santiago, day clocks go forward: 23 hours',
    actual: () => hours(dayRangeUtc('2024-09-08', 'America/Santiago')),
    expected: 23,
  },
  {
    what: 'Santiago, day clocks go back: 25 hours',
    actual: () => hours(dayRangeUtc('2024-04-06', 'America/Santiago')),
    expected: 25,
  },
  {
    what: 'Madrid, day clocks go forward: 23 hours',
    actual: () => hours(dayRangeUtc('2024-03-31', 'Europe/Madrid')),
    expected: 23,
  },
  {
    what: 'Madrid, day clocks go back: 25 hours',
    actual: () => hours(dayRangeUtc('2024-10-27', 'Europe/Madrid')),
    expected: 25,
  },
  {
    what: 'New York, day clocks go forward: 23 hours',
    actual: () => hours(dayRangeUtc('2024-03-10', 'America/New_York')),
    expected: 23,
  },
  {
    what: 'New York, day clocks go back: 25 hours',
    actual: () => hours(dayRangeUtc('2024-11-03', 'America/New_York')),
    expected: 25,
  },
  {
    what: 'Madrid, a summer day: 24 hours',
    actual: () => hours(dayRangeUtc('2024-06-15', 'Europe/Madrid')),
    expected: 24,
  },
  {
    what: 'Madrid, 03:30 on the spring day',
    actual: () => timeOf(Date.UTC(2024, 2, 31, 1, 30), 'Europe/Madrid'),
    expected: '03:30',
  },
  {
    what: 'a Santiago day whose midnight is skipped starts at 01:00',
    actual: () => iso(startOfDayUtc('2026-09-06', 'America/Santiago')),
    expected: '2026-09-06T04:00:00.000Z',
  },
  {
    what: 'a Santiago day after a repeated hour starts at its one midnight',
    actual: () => iso(startOfDayUtc('2026-04-05', 'America/Santiago')),
    expected: '2026-04-05T04:00:00.000Z',
  },
  {
    what: 'the second 23:30 in Santiago is still 4 April',
    actual: () => dayOf(at('2026-04-05T03:30:00Z'), 'America/Santiago'),
    expected: '2026-04-04',
  },
  {
    what: 'Santiago, September 2026 lasts 30 days less an hour',
    actual: () => hours(monthRangeUtc('2026-09-17', 'America/Santiago')),
    expected: 30 * 24 - 1,
  },
  {
    what: 'Madrid, October 2026 lasts 31 days and an hour',
    actual: () => hours(monthRangeUtc('2026-10-01', 'Europe/Madrid')),
    expected: 31 * 24 + 1,
  },
]

/** Calendar arithmetic, weekdays, `datetime-local` values and zone names. */
export const CALENDAR_CASES: TimeCase[] = [
  { what: 'a day after 31 December', actual: () => addDays('2026-12-31', 1), expected: '2027-01-01' },
  { what: 'a day before 1 March', actual: () => addDays('2026-03-01', -1), expected: '2026-02-28' },
  {
    what: 'a day after 28 February in a leap year',
    actual: () => addDays('2028-02-28', 1),
    expected: '2028-02-29',
  },
  { what: 'a month after December', actual: () => addMonths('2026-12-15', 1), expected: '2027-01-01' },
  { what: 'a month before a 31st', actual: () => addMonths('2026-01-31', -1), expected: '2025-12-01' },
  {
    what: 'the day after 9999-12-31 has a five-digit year',
    actual: () => [addDays('9999-12-31', 1), addMonths('9999-12-15', 1), weekdayOf('10000-01-01')],
    expected: ['10000-01-01', '10000-01-01', 6],
  },
  {
    what: 'years before 100 stay themselves',
    actual: () => addDays('0050-12-31', 1),
    expected: '0051-01-01',
  },
  { what: 'ISO weekday of a Sunday', actual: () => weekdayOf('2026-04-05'), expected: 7 },
  { what: 'ISO weekday of a Monday', actual: () => weekdayOf('2026-09-07'), expected: 1 },
  {
    what: 'the weekday of a reading',
    actual: () => wallClockAt(at('2026-04-05T03:30:00Z'), 'America/Santiago').weekday,
    expected: 6,
  },
  { what: 'no 30 February', actual: () => parseDate('2026-02-30'), expected: null },
  { what: 'no month 13', actual: () => parseDate('2026-13-01'), expected: null },
  {
    what: 'a real date reads',
    actual: () => parseDate('2024-02-29'),
    expected: { year: 2024, month: 2, day: 29 },
  },
  {
    what: 'a datetime-local value in New York',
    actual: () => toLocalInput(at('2026-11-01T05:30:00Z'), 'America/New_York'),
    expected: '2026-11-01T01:30',
  },
  {
    what: 'a datetime-local value read in Madrid',
    actual: () => iso(fromLocalInput('2026-03-29T03:15', 'Europe/Madrid')!),
    expected: '2026-03-29T01:15:00.000Z',
  },
  {
    what: 'not a datetime-local value',
    actual: () => fromLocalInput('not a date', 'Europe/Madrid'),
    expected: null,
  },
  {
    what: 'a datetime-local value on a date that does not exist',
    actual: () => fromLocalInput('2026-02-30T10:00', 'Europe/Madrid'),
    expected: null,
  },
  {
    what: 'a datetime-local value at hour 25',
    actual: () => fromLocalInput('2026-02-03T25:00', 'Europe/Madrid'),
    expected: null,
  },
  {
    what: 'zone names the runtime knows',
    actual: () => ['America/Santiago', 'UTC', 'Europe/Kyiv'].map(isKnownTimeZone),
    expected: [true, true, true],
  },
  {
    what: 'zone names it does not',
    actual: () => ['Mars/Olympus_Mons', '+05:00', '', 'Foo+05'].map(isKnownTimeZone),
    expected: [false, false, false, false],
  },
  {
    what: 'an unknown zone never gives an instant',
    actual: () => {
      try {
        return zonedToUtc({ year: 2026, month: 1, day: 1 }, 'Mars/Olympus_Mons')
      } catch (error) {
        return (error as Error).name
      }
    },
    expected: 'RangeError',
  },
]

// Monday 7 September 2026, 11:55 in Santiago (UTC−3), the day after clocks went forward.
const NOW = at('2026-09-07T14:55:00Z')

/** The booking window: current month first, days from now + 5 min, hours from now + 3 min, 5-minute gaps. */
export const BOOKING_CASES: TimeCase[] = [
  {
    what: 'the days of a month start at now + 5 min',
    actual: () => earliestBookable(NOW, 'day') - NOW,
    expected: 5 * minute,
  },
  {
    what: 'the hours of a day start at now + 3 min',
    actual: () => earliestBookable(NOW, 'hour') - NOW,
    expected: 3 * minute,
  },
  {
    what: 'the first month offered is the current month in the zone',
    actual: () => firstBookableMonth(NOW, 'America/Santiago'),
    expected: '2026-09-01',
  },
  // 02:00 UTC on 1 May is still 30 April in Santiago and already 1 May in Madrid.
  {
    what: 'on 30 April in Santiago April is still offered',
    actual: () => firstBookableMonth(at('2026-05-01T02:00:00Z'), 'America/Santiago'),
    expected: '2026-04-01',
  },
  {
    what: 'on 1 May in Madrid April is gone',
    actual: () => firstBookableMonth(at('2026-05-01T02:00:00Z'), 'Europe/Madrid'),
    expected: '2026-05-01',
  },
  {
    what: 'exactly 5 minutes is long enough',
    actual: () => hasMinimumGap({ start: NOW, end: NOW + 5 * minute }),
    expected: true,
  },
  {
    what: '4 minutes 59 seconds is too short',
    actual: () => hasMinimumGap({ start: NOW, end: NOW + 5 * minute - 1000 }),
    expected: false,
  },
  {
    what: 'a start moved past the end drags the end to start + 5 min',
    actual: () => keepGap({ start: NOW + 40 * minute, end: NOW + 30 * minute }, 'start'),
    expected: { start: NOW + 40 * minute, end: NOW + 45 * minute },
  },
  {
    what: 'an end moved before the start drags the start to end − 5 min',
    actual: () => keepGap({ start: NOW, end: NOW - 20 * minute }, 'end'),
    expected: { start: NOW - 25 * minute, end: NOW - 20 * minute },
  },
  {
    what: 'a start moved within 5 minutes of the end drags the end',
    actual: () => keepGap({ start: NOW, end: NOW + 3 * minute }, 'start'),
    expected: { start: NOW, end: NOW + 5 * minute },
  },
  {
    what: 'a range 5 minutes long or more stays',
    actual: () => keepGap({ start: NOW, end: NOW + 5 * minute }, 'end'),
    expected: { start: NOW, end: NOW + 5 * minute },
  },
]

/** Every case. */
export const TIME_CASES: TimeCase[] = [...DST_CASES, ...CALENDAR_CASES, ...BOOKING_CASES]
