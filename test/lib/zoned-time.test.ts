import { expect } from '@open-wc/testing'
import { BOOKING_CASES, CALENDAR_CASES, DST_CASES } from '../support/zoned-time-cases'

// The same cases run on the server under several machine zones (test/server/zoned-time.test.ts).
describe('zoned time in the browser (src/lib)', () => {
  for (const [group, cases] of [
    ['daylight saving in Santiago, Madrid and New York', DST_CASES],
    ['calendar dates, datetime-local values and zone names', CALENDAR_CASES],
    ['the booking window and the 5-minute gap', BOOKING_CASES],
  ] as const)
    describe(group, () => {
      for (const { what, actual, expected } of cases) it(what, () => expect(actual()).to.deep.equal(expected))
    })
})
