import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { cleanStores, keepMount } from 'nanostores'
import { APPOINTMENT_CHECK_MS, PERSISTENT } from '../../src/constants'
import {
  $calendarDay,
  $calendarFeed,
  $calendarUser,
  applyAppointment,
  selectCalendarUser,
  setCalendarTimeZone,
  showDay,
  showNextDay,
  showPreviousDay,
  showToday,
} from '../../src/stores/calendar/calendar'
import { $meetingJoin } from '../../src/stores/calendar/meeting-join'
import { $openAppointment, closeAppointment, openAppointment } from '../../src/stores/calendar/appointment'
import { $appointmentWatch, resetCalendarWatch } from '../../src/stores/calendar/calendar-watch'
import { receiveConsoleSettings, $consoleSettings } from '../../src/stores/profile/settings'
import { $toasts, clearToasts, dismissToast } from '../../src/stores/app/toasts'
import { clearTokens, setTokens } from '../../src/stores/session/tokens'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import { settle } from '../support/call-fixtures'
import {
  AGENT_ID,
  calendarAppointment,
  consoleSettings,
  foundReply,
  offline,
  online,
  onlineSocket,
  tokenFor,
} from '../support/calendar-fixtures'

describe('the calendar day (stores/calendar)', () => {
  let time: FakeClock
  let socket: FakeSocket
  const finds = () => socket.sent.filter((s) => s.event === 'appointments:find').map((s) => s.payload)

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    socket = onlineSocket()
    setCalendarTimeZone('America/Santiago')
    showToday()
  })
  afterEach(() => {
    cleanStores($calendarFeed, $appointmentWatch)
    resetCalendarWatch()
    clearToasts()
    selectCalendarUser(null)
    $consoleSettings.set(null)
    clearTokens()
    offline()
    time.restore()
  })

  it('loads the day in the agent zone for the signed-in agent, sorted by start', async () => {
    const late = calendarAppointment({ startAt: '2026-11-23T20:00:00.000Z' })
    const early = calendarAppointment({ startAt: '2026-11-23T12:00:00.000Z' })
    socket.answer('appointments:find', foundReply([late, early]))
    keepMount($calendarFeed)
    await waitUntil(() => $calendarDay.get().status === 'ready')
    expect(finds()).to.deep.equal([{ date: '2026-11-23', timezone: 'America/Santiago', users: [AGENT_ID] }])
    expect($calendarDay.get().appointments.map((a) => a.id)).to.deep.equal([early.id, late.id])
  })

  it('waits for the link to be online before asking', async () => {
    offline()
    socket.answer('appointments:find', foundReply([]))
    keepMount($calendarFeed)
    await settle()
    expect(finds()).to.have.length(0)
    expect($calendarDay.get().status).to.equal('idle')
    online()
    await waitUntil(() => $calendarDay.get().status === 'ready')
  })

  it("forgets the shown day's appointments when the agent moves on while the link is down", async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T15:00:00.000Z' })
    socket.answer('appointments:find', foundReply([item]))
    keepMount($calendarFeed)
    await waitUntil(() => $calendarDay.get().status === 'ready')
    offline()
    showNextDay()
    expect($calendarDay.get()).to.deep.include({ status: 'idle', date: '2026-11-24', appointments: [] })
    showPreviousDay()
    selectCalendarUser('d'.repeat(24))
    expect($calendarDay.get()).to.deep.include({ status: 'idle', user: 'd'.repeat(24), appointments: [] })
  })

  it('drops the answer of a request in flight when the link went down: the day waits for the link', async () => {
    let answer: ((reply: unknown) => void) | undefined
    socket.answer('appointments:find', () => new Promise((resolve) => (answer = resolve)))
    keepMount($calendarFeed)
    await waitUntil(() => answer, 'not asked')
    offline()
    answer!({ ok: false, error: { code: 503, message: 'Not connected' } })
    await settle()
    expect($calendarDay.get().status).to.equal('idle')
  })

  it('moves a day back and forth and to another agent calendar, asking the server each time', async () => {
    socket.answer('appointments:find', foundReply([]))
    keepMount($calendarFeed)
    await waitUntil(() => $calendarDay.get().status === 'ready')
    showNextDay()
    await waitUntil(() => finds().length === 2)
    showPreviousDay()
    showPreviousDay()
    await waitUntil(() => finds().length === 4)
    selectCalendarUser('d'.repeat(24))
    await waitUntil(() => finds().length === 5)
    expect(finds().map((p) => (p as { date: string }).date)).to.deep.equal([
      '2026-11-23',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-22',
    ])
    expect(finds()[4]).to.deep.include({ users: ['d'.repeat(24)] })
    expect($calendarUser.get()).to.equal('d'.repeat(24))
  })

  it('shows a failure with its code and recovers on reload', async () => {
    socket.answer('appointments:find', () => ({ ok: false, error: { code: 500, message: 'boom' } }))
    keepMount($calendarFeed)
    await waitUntil(() => $calendarDay.get().status === 'failed')
    expect($calendarDay.get().error).to.equal(500)
    socket.answer('appointments:find', foundReply([]))
    showDay('2026-11-25')
    await waitUntil(() => $calendarDay.get().status === 'ready')
  })

  it('puts a fresh copy of an appointment in the day, and takes out one that moved to another day', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T13:00:00.000Z' })
    socket.answer('appointments:find', foundReply([item]))
    keepMount($calendarFeed)
    await waitUntil(() => $calendarDay.get().status === 'ready')
    applyAppointment({ ...item, status: 'canceled' })
    expect($calendarDay.get().appointments[0]!.status).to.equal('canceled')
    applyAppointment({ ...item, startAt: '2026-11-25T13:00:00.000Z', endAt: '2026-11-25T13:30:00.000Z' })
    expect($calendarDay.get().appointments).to.have.length(0)
  })

  it('checks appointments every 5 s while the calendar is enabled and the link is online', async () => {
    socket.answer('appointments:find', foundReply([]))
    keepMount($appointmentWatch)
    const checks = () => socket.sent.filter((s) => s.event === 'appointments:check').length
    await time.tick(APPOINTMENT_CHECK_MS * 2)
    expect(checks(), 'no settings yet: not enabled').to.equal(0)
    receiveConsoleSettings(consoleSettings(true))
    await time.tick(APPOINTMENT_CHECK_MS - 1)
    expect(checks()).to.equal(0)
    await time.tick(1)
    expect(checks()).to.equal(1)
    await time.tick(APPOINTMENT_CHECK_MS * 3)
    expect(checks()).to.equal(4)
    receiveConsoleSettings(consoleSettings(false))
    await time.tick(APPOINTMENT_CHECK_MS * 3)
    expect(checks()).to.equal(4)
    receiveConsoleSettings(consoleSettings(true))
    offline()
    await time.tick(APPOINTMENT_CHECK_MS * 3)
    expect(checks()).to.equal(4)
  })

  it('announces a new appointment until dismissed, once, and adds it to the shown day', async () => {
    socket.answer('appointments:find', foundReply([]))
    keepMount($calendarFeed)
    keepMount($appointmentWatch)
    await waitUntil(() => $calendarDay.get().status === 'ready')
    const booked = calendarAppointment({ startAt: '2026-11-23T18:00:00.000Z', title: 'Demo for Luis' })
    socket.serverEmit('appointments:notification:new', { appointment: booked })
    const toast = $toasts.get()[0]!
    expect(toast).to.include({
      messageId: 'calendar.notifications.new',
      duration: PERSISTENT,
      variant: 'primary',
    })
    expect(toast.values).to.deep.include({ title: '\u2068Demo for Luis\u2069' })
    expect($calendarDay.get().appointments.map((a) => a.id)).to.deep.equal([booked.id])
    await time.tick(60 * 60_000)
    expect($toasts.get()).to.have.length(1)
    dismissToast(toast.id)
    socket.serverEmit('appointments:notification:new', { appointment: booked })
    expect($toasts.get(), 'the same news is not raised again').to.have.length(0)
  })

  it('keeps one persistent notice per meeting, updated when its status or waiting count changes', () => {
    keepMount($appointmentWatch)
    const meeting = calendarAppointment({ title: 'Renewal' })
    socket.serverEmit('appointments:meeting', {
      appointment: meeting,
      status: 'customer-waiting',
      waiting: 1,
    })
    socket.serverEmit('appointments:meeting', {
      appointment: meeting,
      status: 'customer-waiting',
      waiting: 1,
    })
    expect($toasts.get()).to.have.length(1)
    expect($toasts.get()[0]).to.include({
      messageId: 'calendar.notifications.customerWaiting',
      duration: PERSISTENT,
    })
    socket.serverEmit('appointments:meeting', {
      appointment: meeting,
      status: 'customer-waiting',
      waiting: 2,
    })
    expect($toasts.get()).to.have.length(1)
    expect($toasts.get()[0]!.values).to.deep.include({ count: 2, title: '\u2068Renewal\u2069' })
    socket.serverEmit('appointments:meeting', { appointment: meeting, status: 'ended', waiting: 0 })
    expect($toasts.get()[0]!.messageId).to.equal('calendar.notifications.meetingEnded')
  })

  it('raises no waiting notice for the meeting the agent is in (its waiting room shows them)', () => {
    keepMount($appointmentWatch)
    const meeting = calendarAppointment({ title: 'In it' })
    $meetingJoin.set({ appointmentId: meeting.id, status: 'joined' })
    socket.serverEmit('appointments:meeting', {
      appointment: meeting,
      status: 'customer-waiting',
      waiting: 1,
    })
    expect($toasts.get()).to.have.length(0)
    $meetingJoin.set(null)
  })

  it('shows at once what the customer did with the modify link: moved or canceled, with a notice each', async () => {
    const booked = calendarAppointment({ startAt: '2026-11-23T18:00:00.000Z', title: 'Advice for Rosa' })
    const other = calendarAppointment({ startAt: '2026-11-23T19:00:00.000Z', title: 'Claim of Ines' })
    socket.answer('appointments:find', foundReply([booked, other]))
    keepMount($calendarFeed)
    keepMount($appointmentWatch)
    await waitUntil(() => $calendarDay.get().status === 'ready')
    openAppointment(booked)

    const next = calendarAppointment({ startAt: '2026-11-23T20:00:00.000Z', title: 'Advice for Rosa' })
    const moved = { ...booked, status: 'rescheduled' as const, rescheduledAppointment: next.id }
    socket.serverEmit('appointments:customer-change', { change: 'rescheduled', appointment: moved, next })
    const day = $calendarDay.get().appointments
    expect(day.map((a) => [a.id, a.status])).to.deep.equal([
      [booked.id, 'rescheduled'],
      [other.id, 'pending'],
      [next.id, 'pending'],
    ])
    expect($openAppointment.get()?.appointment?.status, 'the open drawer too').to.equal('rescheduled')
    expect($toasts.get()).to.have.length(1)
    expect($toasts.get()[0]).to.include({
      messageId: 'calendar.notifications.customerRescheduled',
      duration: PERSISTENT,
    })
    // The new time as the grid shows it: in the calendar's zone (17:00 in Santiago).
    expect($toasts.get()[0]!.values).to.deep.include({ title: '\u2068Advice for Rosa\u2069' })
    expect(String($toasts.get()[0]!.values?.time)).to.match(/5:00\sPM/)

    const canceled = { ...other, status: 'canceled' as const, canceledBy: 'customer' as const }
    socket.serverEmit('appointments:customer-change', {
      change: 'canceled',
      appointment: canceled,
      next: null,
    })
    socket.serverEmit('appointments:customer-change', {
      change: 'canceled',
      appointment: canceled,
      next: null,
    })
    expect($calendarDay.get().appointments.find((a) => a.id === other.id)?.status).to.equal('canceled')
    expect($toasts.get(), 'one notice per change').to.have.length(2)
    expect($toasts.get()[1]).to.include({
      messageId: 'calendar.notifications.customerCanceled',
      variant: 'warning',
      duration: PERSISTENT,
    })
    closeAppointment()
  })

  it('forgets the day on logout', async () => {
    socket.answer('appointments:find', foundReply([calendarAppointment()]))
    keepMount($calendarFeed)
    await waitUntil(() => $calendarDay.get().appointments.length === 1)
    clearTokens()
    expect($calendarDay.get().appointments).to.have.length(0)
  })
})
