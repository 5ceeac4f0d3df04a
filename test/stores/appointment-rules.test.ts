import { expect } from '@open-wc/testing'
import { keepGap } from '../../src/lib/booking-window'
import { canOpen, joinState, readOnlyReason } from '../../src/stores/calendar/appointment-rules'
import { calendarAppointment } from '../support/calendar-fixtures'

const start = Date.parse('2026-11-23T13:00:00.000Z')
const end = start + 30 * 60_000
const minute = 60_000
const idle = { inCall: false, inMeeting: false }

describe('appointment rules (SPEC §4)', () => {
  const appointment = calendarAppointment({ startAt: new Date(start).toISOString() })

  it('allows joining from 15 minutes before the start until 30 minutes after the end, not later', () => {
    expect(joinState(appointment, start - 15 * minute - 1, idle)).to.equal('tooEarly')
    expect(joinState(appointment, start - 15 * minute, idle)).to.equal('allowed')
    expect(joinState(appointment, end + 30 * minute, idle)).to.equal('allowed')
    expect(joinState(appointment, end + 30 * minute + 1, idle)).to.equal('tooLate')
  })

  it('does not allow joining while in a call or a meeting', () => {
    expect(joinState(appointment, start, { inCall: false, inMeeting: true })).to.equal('busy')
    expect(joinState(appointment, start, { inCall: true, inMeeting: false })).to.equal('busy')
  })

  it('has no join button for blocked, external, canceled or rescheduled appointments', () => {
    expect(joinState({ ...appointment, type: 'blocked' }, start, idle)).to.equal('hidden')
    expect(joinState({ ...appointment, type: 'external' }, start, idle)).to.equal('hidden')
    expect(joinState({ ...appointment, status: 'canceled' }, start, idle)).to.equal('hidden')
    expect(joinState({ ...appointment, status: 'rescheduled' }, start, idle)).to.equal('hidden')
  })

  it('makes canceled, rescheduled, past and in-progress appointments read-only', () => {
    expect(readOnlyReason(appointment, start - minute)).to.equal(null)
    expect(readOnlyReason(appointment, start)).to.equal('inProgress')
    expect(readOnlyReason(appointment, end)).to.equal('past')
    expect(readOnlyReason({ ...appointment, status: 'canceled' }, start - minute)).to.equal('canceled')
    expect(readOnlyReason({ ...appointment, status: 'rescheduled' }, start - minute)).to.equal('rescheduled')
  })

  it('opens only non-external appointments', () => {
    expect(canOpen(appointment)).to.equal(true)
    expect(canOpen({ ...appointment, type: 'blocked' })).to.equal(true)
    expect(canOpen({ ...appointment, type: 'external' })).to.equal(false)
  })

  it('keeps 5 minutes between start and end both ways', () => {
    expect(keepGap({ start: end + 10 * minute, end }, 'start')).to.deep.equal({
      start: end + 10 * minute,
      end: end + 15 * minute,
    })
    expect(keepGap({ start, end: start - 20 * minute }, 'end')).to.deep.equal({
      start: start - 25 * minute,
      end: start - 20 * minute,
    })
    expect(keepGap({ start, end: start + 3 * minute }, 'start')).to.deep.equal({
      start,
      end: start + 5 * minute,
    })
    expect(keepGap({ start, end }, 'start')).to.deep.equal({ start, end })
  })
})
