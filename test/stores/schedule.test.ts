import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { DRAWER_OPEN_DELAY_MS } from '../../src/constants'
import {
  $scheduleDrawer,
  $scheduleForm,
  chooseDay,
  chooseHour,
  chooseMonth,
  chooseReferrer,
  chooseTimeZone,
  closeScheduleDrawer,
  openScheduleDrawer,
  setScheduleValue,
} from '../../src/stores/calendar/schedule'
import {
  $scheduleDays,
  $scheduleHours,
  $scheduleReferrers,
  $scheduleServiceForm,
} from '../../src/stores/calendar/schedule-lists'
import { $scheduleErrors, submitSchedule } from '../../src/stores/calendar/schedule-submit'
import { $openAppointment, closeAppointment, openAppointment } from '../../src/stores/calendar/appointment'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { clearTokens, setTokens } from '../../src/stores/session/tokens'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { ok } from '../support/call-fixtures'
import {
  AGENT_ID,
  calendarAppointment,
  fakeApi,
  offline,
  onlineSocket,
  tokenFor,
  type FakeRequest,
  type FakeResponse,
} from '../support/calendar-fixtures'

const SERVICE = 'e'.repeat(24)
const NOW = Date.parse('2026-11-23T15:00:00Z') // 12:00 in Santiago

/** A small calendar server: one service with a two-field form, two links, and slots near now. */
function calendarServer(overrides: Partial<Record<string, (request: FakeRequest) => FakeResponse>> = {}) {
  return fakeApi((request) => {
    const route = `${request.method} ${request.path.replace(/[0-9a-f]{24}/g, ':id')}`
    const override = overrides[route]
    if (override) return override(request)
    switch (route) {
      case 'GET /services':
        return { body: { data: [{ id: SERVICE, title: 'Onboarding' }] } }
      case 'GET /services/:id/forms':
        return {
          body: {
            id: SERVICE,
            title: 'Onboarding',
            duration: 30,
            form: [
              { name: 'name', label: 'Name', type: 'text', required: true },
              { name: 'email', label: 'Email', type: 'email', required: true },
            ],
          },
        }
      case 'GET /referrers':
        return { body: { data: [{ url: 'https://shop.example/book' }, { url: 'https://shop.example/vip' }] } }
      case 'GET /users/:id/dates':
        return {
          body: {
            data: [
              // Stale: its first slot is now + 4 min, before now + 5 min.
              { utc: new Date(NOW + 4 * 60_000).toISOString(), weekday: 1, day: 23 },
              { utc: '2026-11-24T12:00:00.000Z', weekday: 2, day: 24 },
            ],
          },
        }
      case 'GET /users/:id/hours':
        return {
          body: {
            data: [
              { utc: new Date(NOW + 2 * 60_000).toISOString(), time: '12:02' },
              { utc: new Date(NOW + 4 * 60_000).toISOString(), time: '12:04' },
              { utc: '2026-11-24T13:00:00.000Z', time: '10:00' },
            ],
          },
        }
      default:
        return { status: 404, body: { code: 404, message: `No route ${route}` } }
    }
  })
}

describe('the schedule drawer (stores/schedule)', () => {
  let time: FakeClock

  beforeEach(() => {
    time = fakeClock(NOW)
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    onlineSocket()
  })
  afterEach(() => {
    closeScheduleDrawer()
    closeAppointment()
    clearToasts()
    clearTokens()
    offline()
    time.restore()
  })

  const openCreate = async () => {
    openScheduleDrawer()
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(
      () => $scheduleDays.get().status === 'ready' && $scheduleReferrers.get().status === 'ready',
    )
  }

  it('opens 200 ms after the button, and loads calendars, links, the first calendar form and its days', async () => {
    const { requests } = calendarServer()
    openScheduleDrawer()
    await time.tick(DRAWER_OPEN_DELAY_MS - 1)
    expect($scheduleDrawer.get().open).to.equal(false)
    await time.tick(1)
    expect($scheduleDrawer.get()).to.deep.include({ open: true, mode: 'create', userId: AGENT_ID })
    await waitUntil(
      () => $scheduleDays.get().status === 'ready' && $scheduleServiceForm.get().status === 'ready',
    )
    expect($scheduleForm.get().service).to.equal(SERVICE)
    const dates = requests.find((r) => r.path.endsWith('/dates'))!
    expect(dates.path).to.equal(`/users/${AGENT_ID}/dates`)
    expect(Object.fromEntries(dates.query)).to.deep.equal({
      month: '2026-11-01',
      service: SERVICE,
      timezone: $scheduleForm.get().timeZone,
    })
  })

  it('offers no day before now + 5 min and no hour before now + 3 min', async () => {
    calendarServer()
    await openCreate()
    expect($scheduleDays.get().data.map((d) => d.day)).to.deep.equal([24])
    chooseDay('2026-11-23')
    await waitUntil(() => $scheduleHours.get().status === 'ready')
    expect($scheduleHours.get().data.map((h) => h.time)).to.deep.equal(['12:04', '10:00'])
  })

  it('never shows a month before the current one', async () => {
    calendarServer()
    await openCreate()
    chooseMonth('2026-10-01')
    expect($scheduleForm.get().month).to.equal('2026-11-01')
    chooseMonth('2026-12-01')
    expect($scheduleForm.get().month).to.equal('2026-12-01')
  })

  it('asks the lists again in the customer zone, mapping aliases to canonical names', async () => {
    const { requests } = calendarServer()
    await openCreate()
    chooseDay('2026-11-24')
    chooseTimeZone('Asia/Calcutta')
    await waitUntil(() => requests.filter((r) => r.path.endsWith('/hours')).length >= 2)
    expect($scheduleForm.get().timeZone).to.equal('Asia/Kolkata')
    expect(
      requests
        .filter((r) => r.path.endsWith('/hours'))
        .at(-1)!
        .query.get('timezone'),
    ).to.equal('Asia/Kolkata')
    chooseTimeZone('Nowhere/Special')
    expect($scheduleForm.get().timeZone, 'fallback').to.equal('America/Santiago')
  })

  it('does not send until a slot, a link and a valid form are there (SPEC §5)', async () => {
    const { requests } = calendarServer()
    await openCreate()
    expect(await submitSchedule()).to.equal(false)
    expect($scheduleErrors.get()).to.deep.equal({
      hour: 'required',
      referrer: 'required',
      fields: { name: 'required', email: 'required' },
    })
    setScheduleValue('name', 'Ana')
    setScheduleValue('email', 'not an email')
    chooseReferrer('https://shop.example/vip')
    chooseDay('2026-11-24')
    chooseHour('2026-11-24T13:00:00.000Z')
    expect($scheduleErrors.get()).to.deep.equal({ fields: { email: 'email' } })
    expect(await submitSchedule()).to.equal(false)
    expect(requests.filter((r) => r.method === 'POST')).to.have.length(0)
  })

  it('refuses a slot that passed while the drawer was open', async () => {
    calendarServer()
    await openCreate()
    chooseDay('2026-11-23')
    chooseHour(new Date(NOW + 4 * 60_000).toISOString())
    await time.tick(60_000)
    expect(await submitSchedule()).to.equal(false)
    expect($scheduleErrors.get().hour).to.equal('past')
  })

  const fillValid = () => {
    setScheduleValue('name', 'Ana')
    setScheduleValue('email', 'ana@example.com')
    chooseReferrer('https://shop.example/vip')
    chooseDay('2026-11-24')
    chooseHour('2026-11-24T13:00:00.000Z')
  }

  it('books into the shown calendar and closes', async () => {
    const booked = calendarAppointment({ startAt: '2026-11-24T13:00:00.000Z' })
    const { requests } = calendarServer({
      'POST /schedule/:id': () => ({ status: 201, body: { appointment: booked } }),
    })
    await openCreate()
    chooseTimeZone('Europe/Madrid')
    fillValid()
    expect(await submitSchedule()).to.equal(true)
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.path).to.equal(`/schedule/${AGENT_ID}`)
    expect(post.body).to.deep.equal({
      startAt: '2026-11-24T13:00:00.000Z',
      timezone: 'Europe/Madrid',
      form: { name: 'Ana', email: 'ana@example.com' },
      service: SERVICE,
      referrer: 'https://shop.example/vip',
    })
    expect($scheduleDrawer.get().open).to.equal(false)
    expect($toasts.get().map((t) => t.messageId)).to.include('calendar.schedule.scheduled')
  })

  it('shows the server message when booking fails, and offers fresh hours after a conflict', async () => {
    const { requests } = calendarServer({
      'POST /schedule/:id': () => ({ status: 409, body: { code: 409, message: 'The slot is taken' } }),
    })
    await openCreate()
    fillValid()
    const hoursBefore = requests.filter((r) => r.path.endsWith('/hours')).length
    expect(await submitSchedule()).to.equal(false)
    expect($toasts.get()[0]).to.deep.include({
      messageId: 'calendar.errors.schedule',
      values: { message: 'The slot is taken' },
    })
    expect($scheduleDrawer.get().open).to.equal(true)
    expect($scheduleForm.get()).to.deep.include({ hour: null, busy: false })
    expect(requests.filter((r) => r.path.endsWith('/hours')).length).to.equal(hoursBefore + 1)
  })

  it('says the server cannot be reached when booking gets no response, in words of its own', async () => {
    calendarServer({ 'POST /schedule/:id': () => ({ status: 0, body: null }) })
    await openCreate()
    fillValid()
    expect(await submitSchedule()).to.equal(false)
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['calendar.errors.scheduleOffline'])
    expect($scheduleDrawer.get().open).to.equal(true)
    expect($scheduleForm.get().busy).to.equal(false)
  })

  it('reschedules only the slot, and the old appointment then links to the new one', async () => {
    const old = calendarAppointment({ startAt: '2026-11-23T20:00:00.000Z', timezone: 'Europe/Madrid' })
    const moved = calendarAppointment({ startAt: '2026-11-24T13:00:00.000Z' })
    const socket = onlineSocket()
    socket.answer('appointments:get', () => ok({ appointment: old }))
    openAppointment(old)
    await waitUntil(() => $openAppointment.get()?.status === 'ready')
    const { requests } = calendarServer({
      'POST /schedule/reschedule/:id': () => ({
        status: 201,
        body: {
          appointment: moved,
          previous: { ...old, status: 'rescheduled', rescheduledAppointment: moved.id },
        },
      }),
    })
    openScheduleDrawer({ reschedule: old })
    await time.tick(DRAWER_OPEN_DELAY_MS)
    expect($scheduleDrawer.get()).to.deep.include({ mode: 'reschedule', open: true })
    expect($scheduleForm.get()).to.deep.include({ service: old.service!._id, timeZone: 'Europe/Madrid' })
    await waitUntil(() => $scheduleDays.get().status === 'ready')
    expect(requests.some((r) => r.path === '/services' || r.path === '/referrers')).to.equal(false)
    chooseDay('2026-11-24')
    chooseHour('2026-11-24T13:00:00.000Z')
    expect(await submitSchedule()).to.equal(true)
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.path).to.equal(`/schedule/reschedule/${old.id}`)
    expect(post.body).to.deep.equal({ date: '2026-11-24T13:00:00.000Z' })
    expect($openAppointment.get()!.appointment).to.deep.include({
      status: 'rescheduled',
      rescheduledAppointment: moved.id,
    })
  })

  it('says the reschedule failed with the server message', async () => {
    const old = calendarAppointment({ startAt: '2026-11-23T20:00:00.000Z' })
    calendarServer({
      'POST /schedule/reschedule/:id': () => ({
        status: 409,
        body: { code: 409, message: 'The appointment is canceled' },
      }),
    })
    openScheduleDrawer({ reschedule: old })
    await time.tick(DRAWER_OPEN_DELAY_MS)
    chooseDay('2026-11-24')
    chooseHour('2026-11-24T13:00:00.000Z')
    expect(await submitSchedule()).to.equal(false)
    expect($toasts.get()[0]).to.deep.include({
      messageId: 'calendar.errors.reschedule',
      values: { message: 'The appointment is canceled' },
    })
  })
})
