import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { TIME_CASES } from '../support/zoned-time-cases'

// The machine's own zone must change nothing: the same cases as the browser's, under five of them.
const MACHINE_ZONES = ['UTC', 'America/Santiago', 'Europe/Madrid', 'Asia/Kolkata', 'Pacific/Auckland']
const machineZone = process.env.TZ

describe('zoned time on the server (src/lib), whatever the machine zone', () => {
  after(() => {
    if (machineZone === undefined) delete process.env.TZ
    else process.env.TZ = machineZone
  })
  for (const zone of MACHINE_ZONES)
    describe(`machine zone ${zone}`, () => {
      it('is the zone Date reads local time in', () => {
        process.env.TZ = zone
        const expected = new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hour: 'numeric',
          hourCycle: 'h23',
        })
        assert.equal(
          new Date(Date.UTC(2026, 0, 15, 12)).getHours(),
          Number(expected.format(Date.UTC(2026, 0, 15, 12))),
        )
      })
      for (const { what, actual, expected } of TIME_CASES)
        it(what, () => {
          process.env.TZ = zone
          assert.deepEqual(actual(), expected)
        })
    })
})
