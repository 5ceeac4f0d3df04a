import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { cleanStores, keepMount } from 'nanostores'
import type { Appointment } from '../../src/protocol'
import {
  $openAppointment,
  cancelAppointment,
  closeAppointment,
  editAppointmentEnd,
  editAppointmentStart,
  openAppointment,
  saveAppointmentTimes,
} from '../../src/stores/calendar/appointment'
import { $meetingEndWatch, $meetingJoin, joinMeeting } from '../../src/stores/calendar/meeting-join'
import { $activity, resetActivity, setInCall } from '../../src/stores/status/activity'
import { $call, abandonCall } from '../../src/stores/call/call'
import { $calendarActivity } from '../../src/stores/calendar/calendar-activity'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { NO_REPLY, type FakeSocket } from '../support/fake-socket'
import { meetingJoined, ok, settle } from '../support/call-fixtures'
import { calendarAppointment, foundReply, offline, onlineSocket } from '../support/calendar-fixtures'
import { $calendarDay } from '../../src/stores/calendar/calendar'
import { setLink } from '../../src/stores/session/link-state'

const minute = 60_000

describe('the open appointment (stores/appointment, stores/meeting-join)', () => {
  let time: FakeClock
  let socket: FakeSocket
  let item: Appointment
  const sent = (event: string) => socket.sent.filter((s) => s.event === event).map((s) => s.payload)

  beforeEach(() => {
    item = calendarAppointment({ startAt: '2026-11-23T13:00:00.000Z' })
    time = fakeClock(Date.parse('2026-11-23T12:00:00Z'))
    socket = onlineSocket()
    socket.answer('appointments:get', () => ok({ appointment: item }))
  })
  afterEach(() => {
    closeAppointment()
    abandonCall()
    cleanStores($meetingEndWatch, $call)
    $meetingJoin.set(null)
    resetActivity()
    clearToasts()
    offline()
    time.restore()
  })

  const openReady = async (appointment: Appointment = item) => {
    openAppointment(appointment)
    await waitUntil(() => $openAppointment.get()?.status === 'ready')
  }

  it('opens with the copy it has at once, then the server copy (`appointments:get`)', async () => {
    openAppointment({ ...item, title: 'stale title' })
    expect($openAppointment.get()).to.deep.include({ id: item.id, status: 'loading' })
    expect($openAppointment.get()!.appointment!.title).to.equal('stale title')
    await waitUntil(() => $openAppointment.get()?.status === 'ready')
    expect($openAppointment.get()!.appointment!.title).to.equal(item.title)
    expect(sent('appointments:get')).to.deep.equal([{ appointment: item.id }])
    expect($calendarActivity.get()).to.include({ kind: 'opened', appointmentId: item.id })
  })

  it('never opens an external appointment', () => {
    expect(openAppointment({ ...item, type: 'external' })).to.equal(false)
    expect($openAppointment.get()).to.equal(null)
    expect(sent('appointments:get')).to.have.length(0)
  })

  it('keeps 5 minutes between the edited start and end, and saves them with `appointments:patch`', async () => {
    await openReady()
    const start = Date.parse(item.startAt)
    editAppointmentStart(start + 45 * minute)
    expect($openAppointment.get()!.draft).to.deep.equal({
      start: start + 45 * minute,
      end: start + 50 * minute,
    })
    editAppointmentEnd(start + 20 * minute)
    expect($openAppointment.get()!.draft).to.deep.equal({
      start: start + 15 * minute,
      end: start + 20 * minute,
    })
    const patched = {
      ...item,
      startAt: new Date(start + 15 * minute).toISOString(),
      endAt: new Date(start + 20 * minute).toISOString(),
    }
    socket.answer('appointments:patch', () => ok({ appointment: patched }))
    expect(await saveAppointmentTimes()).to.equal(true)
    expect(sent('appointments:patch')).to.deep.equal([
      { id: item.id, startAt: patched.startAt, endAt: patched.endAt },
    ])
    expect($openAppointment.get()).to.deep.include({ draft: null, busy: null })
    expect($openAppointment.get()!.appointment!.startAt).to.equal(patched.startAt)
    expect($toasts.get().map((t) => t.messageId)).to.include('calendar.detail.saved')
  })

  it('keeps the edits and says why when the server refuses them', async () => {
    await openReady()
    editAppointmentStart(Date.parse(item.startAt) + 10 * minute)
    socket.answer('appointments:patch', () => ({ ok: false, error: { code: 409, message: 'Read-only' } }))
    expect(await saveAppointmentTimes()).to.equal(false)
    expect($openAppointment.get()!.draft).to.not.equal(null)
    expect($toasts.get()[0]).to.deep.include({ messageId: 'calendar.errors.save', values: { code: 409 } })
  })

  it('cancels with a reason (`appointments:remove`), never without one', async () => {
    await openReady()
    expect(await cancelAppointment('   ')).to.equal(false)
    expect(sent('appointments:remove')).to.have.length(0)
    const canceled = {
      ...item,
      status: 'canceled' as const,
      canceledBy: 'agent' as const,
      canceledAt: '2026-11-23T12:00:00.000Z',
      cancelReason: 'Customer asked',
    }
    socket.answer('appointments:remove', () => ok({ appointment: canceled }))
    expect(await cancelAppointment(' Customer asked ')).to.equal(true)
    expect(sent('appointments:remove')).to.deep.equal([{ id: item.id, cancelReason: 'Customer asked' }])
    expect($openAppointment.get()!.appointment).to.deep.include({
      status: 'canceled',
      cancelReason: 'Customer asked',
    })
    expect($calendarActivity.get()).to.include({ kind: 'canceled', appointmentId: item.id })
  })

  describe('a change the server did not answer in time (a stalled link)', () => {
    const canceled = () => ({
      ...item,
      status: 'canceled' as const,
      canceledBy: 'agent' as const,
      canceledAt: '2026-11-23T12:00:00.000Z',
      cancelReason: 'Customer asked',
    })

    it('says a cancel may have gone through, and shows what the server then has', async () => {
      await openReady()
      // No answer to the cancel (the fake times it out); the server had taken it all the same.
      socket.answer('appointments:get', () => ok({ appointment: canceled() }))
      expect(await cancelAppointment('Customer asked')).to.equal(false)
      expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['calendar.errors.cancelNoAnswer'])
      await waitUntil(() => $openAppointment.get()?.appointment?.status === 'canceled', 'still shown pending')
    })

    it('asks again when a link that dropped is back', async () => {
      await openReady()
      socket.answer('appointments:get', () => new Promise(() => undefined))
      setLink({ state: 'online', attempt: 0, code: null })
      editAppointmentStart(Date.parse(item.startAt) + 10 * minute)
      expect(await saveAppointmentTimes()).to.equal(false)
      expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['calendar.errors.saveNoAnswer'])
      const moved = { ...item, startAt: '2026-11-23T13:10:00.000Z', endAt: '2026-11-23T13:40:00.000Z' }
      socket.answer('appointments:get', () => ok({ appointment: moved }))
      setLink({ state: 'reconnecting', attempt: 1, code: 'transport close' })
      expect(sent('appointments:get')).to.have.length(2)
      setLink({ state: 'online', attempt: 0, code: null })
      await waitUntil(() => $openAppointment.get()?.appointment?.startAt === moved.startAt, 'the old times')
      expect(sent('appointments:get')).to.have.length(3)
    })
  })

  it('joins the meeting: tokens go to the call store, which marks the agent on a meeting', async () => {
    await time.tick(50 * minute)
    await openReady()
    const joined = meetingJoined({ appointment: item })
    socket.answer('meeting:join', () => ok(joined))
    expect(await joinMeeting()).to.equal(true)
    expect(sent('meeting:join')).to.deep.equal([{ appointment: item.id }])
    expect($call.get()).to.deep.include({ kind: 'meeting', id: item.id, accessToken: 'meeting-token' })
    expect($activity.get().inMeeting).to.equal(true)
    expect($meetingJoin.get()).to.deep.equal({ appointmentId: item.id, status: 'joined' })
    expect($openAppointment.get(), 'the drawer closes: it would cover the meeting').to.equal(null)
    expect($calendarActivity.get()).to.include({ kind: 'joined', appointmentId: item.id })
  })

  it('does not ask to join outside the window or while in a call', async () => {
    await openReady()
    expect(await joinMeeting(), 'over 15 min before the start').to.equal(false)
    await time.tick(120 * minute + 1)
    expect(await joinMeeting(), '30 min after the end').to.equal(false)
    time.restore()
    time = fakeClock(Date.parse('2026-11-23T12:50:00Z'))
    setInCall(true)
    expect(await joinMeeting(), 'in a call').to.equal(false)
    expect(sent('meeting:join')).to.have.length(0)
  })

  it('says so when the server refuses the join', async () => {
    await time.tick(50 * minute)
    await openReady()
    socket.answer('meeting:join', () => ({ ok: false, error: { code: 409, message: 'Outside the window' } }))
    expect(await joinMeeting()).to.equal(false)
    expect($toasts.get()[0]!.messageId).to.equal('calendar.errors.joinRefused')
    expect($meetingJoin.get()).to.equal(null)
  })

  it('says a join with no answer may be starting, not that it failed with a code', async () => {
    await time.tick(50 * minute)
    await openReady()
    socket.answer('meeting:join', () => NO_REPLY)
    expect(await joinMeeting()).to.equal(false)
    expect($toasts.get()[0]!.messageId).to.equal('calendar.errors.joinNoAnswer')
  })

  it('reloads the day when the meeting ends: the appointment shows attended', async () => {
    keepMount($meetingEndWatch)
    keepMount($call) // the call area, which ends the meeting on `meeting:ended`
    await time.tick(50 * minute)
    await openReady()
    socket.answer('meeting:join', () => ok(meetingJoined({ appointment: item })))
    await joinMeeting()
    const attended = { ...item, status: 'attended' as const }
    socket.answer('appointments:find', foundReply([attended]))
    socket.serverEmit('meeting:ended', { appointmentId: item.id, appointment: attended })
    await waitUntil(() => $calendarDay.get().appointments[0]?.status === 'attended')
    expect($meetingJoin.get()).to.equal(null)
    expect($activity.get().inMeeting).to.equal(false)
  })

  it('reloads the open appointment when the call area hangs up the meeting', async () => {
    keepMount($meetingEndWatch)
    await time.tick(50 * minute)
    await openReady()
    socket.answer('meeting:join', () => ok(meetingJoined({ appointment: item })))
    await joinMeeting()
    await openReady()
    const gets = sent('appointments:get').length
    socket.answer('appointments:get', () => ok({ appointment: { ...item, status: 'attended' } }))
    socket.answer('appointments:find', foundReply([]))
    abandonCall()
    await waitUntil(() => $openAppointment.get()?.appointment?.status === 'attended')
    expect(sent('appointments:get').length).to.equal(gets + 1)
    await settle()
  })
})
