import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type {
  Appointment,
  AppointmentsFound,
  DayItem,
  HourItem,
  MeetingJoined,
  MeetingWaiting,
  PendingAuthorizations,
  ScheduleResponse,
  RescheduleResponse,
} from '../../src/protocol'
import { SEED, SEED_REFERRERS, seedUserId } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'
import { insertAppointment } from './support/appointments'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10)

describe('appointments over the socket', () => {
  it('finds a day, gets one, patches times with the 5-minute rule and cancels with a reason', async () => {
    const { client, userId } = await server.agent(await server.createAgent([]))
    const soon = await insertAppointment(server, userId, { startInMinutes: 120 })
    const found = await client.request<AppointmentsFound>('appointments:find', {
      date: dayOf(server.clock.now() + 120 * 60_000),
      timezone: 'UTC',
    })
    assert.ok(found.ok)
    if (found.ok)
      assert.deepEqual(
        found.data.data.map((a) => a.id),
        [soon.id],
      )
    assert.equal((await client.next<AppointmentsFound>('appointments:find')).data.length, 1)

    const got = await client.request<{ appointment: Appointment }>('appointments:get', {
      appointment: soon.id,
    })
    assert.ok(got.ok && got.data.appointment.joinUrl?.endsWith(`/customer.html?meeting=${soon.code}`))

    const start = server.clock.now() + 180 * 60_000
    const tooShort = await client.request('appointments:patch', {
      id: soon.id,
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 4 * 60_000).toISOString(),
    })
    assert.equal(tooShort.ok, false)
    const patched = await client.request<{ appointment: Appointment }>('appointments:patch', {
      id: soon.id,
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 5 * 60_000).toISOString(),
    })
    assert.ok(patched.ok && patched.data.appointment.startAt === new Date(start).toISOString())

    const removed = await client.request<{ appointment: Appointment }>('appointments:remove', {
      id: soon.id,
      cancelReason: 'Customer asked',
    })
    assert.ok(removed.ok)
    if (removed.ok) {
      assert.equal(removed.data.appointment.status, 'canceled')
      assert.equal(removed.data.appointment.canceledBy, 'agent')
      assert.equal(removed.data.appointment.cancelReason, 'Customer asked')
    }
    const again = await client.request('appointments:remove', { id: soon.id, cancelReason: 'twice' })
    assert.equal(again.ok, false)
    if (!again.ok) assert.equal(again.error.code, 409)
  })

  it('refuses to change past or in-progress appointments, and another agent’s calendar', async () => {
    const { client, userId } = await server.agent(await server.createAgent([]))
    const running = await insertAppointment(server, userId, { startInMinutes: -5 })
    const past = await insertAppointment(server, userId, { startInMinutes: -120 })
    const other = await insertAppointment(server, seedUserId('ana'), { startInMinutes: 240 })
    for (const id of [running.id, past.id]) {
      const reply = await client.request('appointments:remove', { id, cancelReason: 'x' })
      assert.ok(!reply.ok && reply.error.code === 409)
    }
    const foreign = await client.request('appointments:remove', { id: other.id, cancelReason: 'x' })
    assert.ok(!foreign.ok && foreign.error.code === 403)
  })

  it('lists calendar services and notifies new appointments once on appointments:check', async () => {
    const { client, userId } = await server.agent('bruno@demo.test')
    const services = await client.request<{ data: { title: string }[] }>('calendar:services', {})
    assert.ok(services.ok && services.data.data.length === 2)
    const fresh = await insertAppointment(server, userId, { startInMinutes: 300, notified: false })
    client.emit('appointments:check', {})
    const note = await client.next<{ appointment: Appointment }>('appointments:notification:new')
    assert.equal(note.appointment.id, fresh.id)
    await client.request('appointments:check', {})
    assert.equal(client.has('appointments:notification:new'), false)
  })
})

describe('meetings and the waiting room', () => {
  it('joins a meeting, admits one customer from the waiting room, denies another, and hangs up (attended)', async () => {
    const agent = await server.agent(await server.createAgent([]), { status: 'available' })
    const meeting = await insertAppointment(server, agent.userId, { startInMinutes: 2 })
    const joined = await agent.client.request<MeetingJoined>('meeting:join', { appointment: meeting.id })
    assert.ok(joined.ok)
    if (!joined.ok) return
    assert.equal(joined.data.appointment.id, meeting.id)
    assert.deepEqual(joined.data.peers, [])
    await agent.client.next('meeting:join')
    assert.equal((await agent.client.next<{ inCall: boolean }>('agent:status:update')).inCall, true)

    const guest = await server.customer()
    const waiting = await guest.request<{ sessionId: string }>('meeting:join', {
      code: meeting.code,
      name: 'Marta',
    })
    assert.ok(waiting.ok)
    const pending = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    assert.deepEqual(
      pending.data.map((p) => p.name),
      ['Marta'],
    )
    const notice = await agent.client.next<{ status: string; waiting: number }>('appointments:meeting')
    assert.deepEqual([notice.status, notice.waiting], ['customer-waiting', 1])

    const intruder = await server.customer()
    await intruder.request('meeting:join', { code: meeting.code, name: 'Intruder' })
    const both = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    assert.equal(both.data.length, 2)
    const intruderSession = both.data.find((p) => p.name === 'Intruder')?.sessionId as string
    const denied = await agent.client.request<PendingAuthorizations>('meeting:deny', {
      sessionId: intruderSession,
    })
    assert.ok(denied.ok && denied.data.data.length === 1)
    assert.equal((await intruder.next<{ appointmentId: string }>('meeting:denied')).appointmentId, meeting.id)

    const martaSession = pending.data[0]?.sessionId as string
    const accepted = await agent.client.request<PendingAuthorizations>('meeting:accept', {
      sessionId: martaSession,
    })
    assert.ok(accepted.ok && accepted.data.data.length === 0)
    const admitted = await guest.next<{ peers: { id: string }[]; peerId: string }>('meeting:accepted')
    assert.deepEqual(
      admitted.peers.map((p) => p.id),
      [joined.data.peerId],
    )
    assert.equal((await agent.client.next<{ peer: { id: string } }>('peer:join')).peer.id, admitted.peerId)

    // Signals and chat between them.
    guest.emit('signal', { to: joined.data.peerId, channel: 'media', data: { type: 'offer' } })
    assert.equal((await agent.client.next<{ from: string }>('signal')).from, admitted.peerId)
    agent.client.emit('chat:message', { text: 'Welcome' })
    assert.equal((await guest.next<{ text: string }>('chat:message')).text, 'Welcome')

    assert.ok((await agent.client.request('meeting:hangup', {})).ok)
    const ended = await agent.client.next<{ appointment: Appointment }>('meeting:ended')
    assert.equal(ended.appointment.status, 'attended')
    assert.deepEqual(await guest.next('meeting:ended'), { appointmentId: meeting.id })
    const hangupAgain = await agent.client.request('meeting:hangup', {})
    assert.ok(!hangupAgain.ok && hangupAgain.error.code === 409)
    assert.equal((await agent.client.next<{ code: number }>('meeting:hangup:error')).code, 409)
  })

  it('refuses meetings that are blocked, canceled, too early or over', async () => {
    const agent = await server.agent(await server.createAgent([]))
    const cases = [
      await insertAppointment(server, agent.userId, { startInMinutes: 5, type: 'blocked' }),
      await insertAppointment(server, agent.userId, { startInMinutes: 5, status: 'canceled' }),
      await insertAppointment(server, agent.userId, { startInMinutes: 120 }),
      await insertAppointment(server, agent.userId, { startInMinutes: -100, minutes: 30 }),
    ]
    for (const { id } of cases) {
      const reply = await agent.client.request('meeting:join', { appointment: id })
      assert.ok(!reply.ok && reply.error.code === 409, id)
    }
    const customer = await server.customer()
    const unknown = await customer.request('meeting:join', { code: 'no-such-code', name: 'X' })
    assert.ok(!unknown.ok && unknown.error.code === 404)
  })

  it('lets the join link of a moved appointment into the meeting it was moved to', async () => {
    const agent = await server.agent(await server.createAgent([]))
    const booked = await insertAppointment(server, agent.userId, { startInMinutes: 600 })
    const movedTo = await insertAppointment(server, agent.userId, { startInMinutes: 2 })
    const moveTo = async (from: string, to: string) =>
      server.db.query(
        "UPDATE appointments SET status = 'rescheduled', rescheduled_appointment_id = $2 WHERE id = $1",
        [from, to],
      )
    await moveTo(booked.id, movedTo.id)
    const guest = await server.customer()
    const waiting = await guest.request<MeetingWaiting>('meeting:join', { code: booked.code, name: 'Rosa' })
    assert.ok(waiting.ok, JSON.stringify(waiting))
    if (waiting.ok) assert.equal(waiting.data.appointmentId, movedTo.id)
    const pending = await agent.client.next<{ appointment: Appointment; status: string }>(
      'appointments:meeting',
    )
    assert.deepEqual([pending.appointment.id, pending.status], [movedTo.id, 'customer-waiting'])

    // Moved again, to a time not open yet: the old link says so, as the newest one would.
    const later = await insertAppointment(server, agent.userId, { startInMinutes: 240 })
    await moveTo(movedTo.id, later.id)
    const early = await (await server.customer()).request('meeting:join', { code: booked.code, name: 'Rosa' })
    assert.ok(!early.ok && early.error.message === 'The meeting has not opened yet', JSON.stringify(early))
  })
})

describe('scheduling over HTTP', () => {
  async function firstFreeSlot(token: string, userId: string): Promise<HourItem> {
    for (let monthOffset = 0; monthOffset < 2; monthOffset++) {
      const month = new Date(server.clock.now())
      month.setUTCDate(1)
      month.setUTCMonth(month.getUTCMonth() + monthOffset)
      const dates = await server.http<{ data: DayItem[] }>(
        'GET',
        `/users/${userId}/dates?month=${dayOf(month.getTime())}&service=${SEED.services.consultation}&timezone=America/Santiago`,
        { token },
      )
      assert.equal(dates.status, 200)
      for (const day of dates.body.data) {
        assert.ok(Date.parse(day.utc) >= server.clock.now() + 5 * 60_000 - 1000)
        assert.ok(day.weekday >= 1 && day.weekday <= 5)
        const date = new Date(Date.parse(day.utc)).toLocaleDateString('en-CA', {
          timeZone: 'America/Santiago',
        })
        const hours = await server.http<{ data: HourItem[] }>(
          'GET',
          `/users/${userId}/hours?date=${date}&service=${SEED.services.consultation}&timezone=America/Santiago`,
          { token },
        )
        if (hours.body.data[0]) return hours.body.data[0]
      }
    }
    throw new Error('no free slot in two months')
  }

  it('serves services, forms and referrers', async () => {
    const { accessToken } = await server.login('ana@demo.test')
    const services = await server.http<{ data: { id: string }[] }>('GET', '/services', { token: accessToken })
    assert.equal(services.body.data.length, 2)
    const form = await server.http<{ duration: number; form: { name: string }[] }>(
      'GET',
      `/services/${SEED.services.consultation}/forms`,
      { token: accessToken },
    )
    assert.equal(form.body.duration, 30)
    assert.ok(form.body.form.some((field) => field.name === 'email'))
    const referrers = await server.http<{ data: { url: string }[] }>('GET', '/referrers', {
      token: accessToken,
    })
    assert.deepEqual(referrers.body.data.map((r) => r.url).sort(), [...SEED_REFERRERS].sort())
  })

  it('schedules a free slot, refuses it twice and refuses a bad form, then reschedules', async () => {
    const { accessToken } = await server.login('ana@demo.test')
    const carla = await server.db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'carla@demo.test'",
    )
    const carlaId = carla[0]?.id as string
    const slot = await firstFreeSlot(accessToken, carlaId)
    const body = {
      startAt: slot.utc,
      timezone: 'America/Santiago',
      form: { name: 'Rosa Perez', email: 'rosa@example.com', reason: 'advice' },
      service: SEED.services.consultation,
      referrer: SEED_REFERRERS[0],
    }
    const bad = await server.http<{ errors: { path: string }[] }>('POST', `/schedule/${carlaId}`, {
      token: accessToken,
      body: { ...body, form: { name: 'Rosa' } },
    })
    assert.equal(bad.status, 400)
    assert.ok(bad.body.errors.some((error) => error.path === 'email'))
    const booked = await server.http<ScheduleResponse>('POST', `/schedule/${carlaId}`, {
      token: accessToken,
      body,
    })
    assert.equal(booked.status, 201)
    assert.equal(booked.body.appointment.status, 'pending')
    assert.equal(booked.body.appointment.startAt, slot.utc)
    assert.deepEqual(booked.body.appointment.form[0], { label: 'Full name', value: 'Rosa Perez' })
    const twice = await server.http('POST', `/schedule/${carlaId}`, { token: accessToken, body })
    assert.equal(twice.status, 409)
    const past = await server.http('POST', `/schedule/${carlaId}`, {
      token: accessToken,
      body: { ...body, startAt: new Date(server.clock.now() - 3_600_000).toISOString() },
    })
    assert.equal(past.status, 422)

    const next = await firstFreeSlot(accessToken, carlaId)
    const moved = await server.http<RescheduleResponse>(
      'POST',
      `/schedule/reschedule/${booked.body.appointment.id}`,
      {
        token: accessToken,
        body: { date: next.utc },
      },
    )
    assert.equal(moved.status, 201)
    assert.equal(moved.body.previous.status, 'rescheduled')
    assert.equal(moved.body.previous.rescheduledAppointment, moved.body.appointment.id)
    assert.equal(moved.body.appointment.startAt, next.utc)
    const again = await server.http('POST', `/schedule/reschedule/${booked.body.appointment.id}`, {
      token: accessToken,
      body: { date: next.utc },
    })
    assert.equal(again.status, 409)
  })

  it('tells the calendar owner about a booking made by someone else', async () => {
    const owner = await server.agent('diego@demo.test')
    const { accessToken } = await server.login('ana@demo.test')
    const slot = await firstFreeSlot(accessToken, owner.userId)
    const booked = await server.http<ScheduleResponse>('POST', `/schedule/${owner.userId}`, {
      token: accessToken,
      body: {
        startAt: slot.utc,
        timezone: 'Europe/Madrid',
        form: { name: 'Ines', email: 'ines@example.com', reason: 'claim' },
        service: SEED.services.consultation,
        referrer: SEED_REFERRERS[1],
      },
    })
    assert.equal(booked.status, 201)
    const note = await owner.client.next<{ appointment: Appointment }>('appointments:notification:new')
    assert.equal(note.appointment.id, booked.body.appointment.id)
  })
})
