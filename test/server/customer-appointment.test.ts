import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type {
  Appointment,
  CustomerChange,
  DayItem,
  HourItem,
  NotificationsUpdate,
  PublicAppointment,
} from '../../src/protocol'
import { TestServer } from './support/test-server'
import { insertAppointment } from './support/appointments'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

const ZONE = 'America/Santiago'
const link = (code: string) => `/public/appointments/${encodeURIComponent(code)}`
const dayIn = (instant: string, zone: string) =>
  new Date(Date.parse(instant)).toLocaleDateString('en-CA', { timeZone: zone })

/** The first free start, in the next two months, that the customer's link offers (other than `not`). */
async function freeStart(code: string, not?: string): Promise<HourItem> {
  for (let monthOffset = 0; monthOffset < 2; monthOffset++) {
    const month = new Date(server.clock.now())
    month.setUTCDate(1)
    month.setUTCMonth(month.getUTCMonth() + monthOffset)
    const dates = await server.http<{ data: DayItem[] }>(
      'GET',
      `${link(code)}/dates?month=${month.toISOString().slice(0, 10)}&timezone=${ZONE}`,
    )
    assert.equal(dates.status, 200)
    for (const day of dates.body.data) {
      const hours = await server.http<{ data: HourItem[] }>(
        'GET',
        `${link(code)}/hours?date=${dayIn(day.utc, ZONE)}&timezone=${ZONE}`,
      )
      assert.equal(hours.status, 200)
      const hour = hours.body.data.find((item) => item.utc !== not)
      if (hour) return hour
    }
  }
  throw new Error('no free slot in two months')
}

/** An agent of their own (free calendar), connected, with a pending appointment `startInMinutes` away. */
async function agentWithAppointment(startInMinutes = 24 * 60) {
  const agent = await server.agent(await server.createAgent([]))
  const appointment = await insertAppointment(server, agent.userId, { startInMinutes })
  return { agent, appointment }
}

describe('the customer’s modify link', () => {
  it('shows the appointment without the contact form, and nothing for an unknown or hostile code', async () => {
    const { appointment } = await agentWithAppointment()
    await server.db.query(`UPDATE appointments SET form = $2 WHERE id = $1`, [
      appointment.id,
      JSON.stringify([{ label: 'Email', value: 'rosa@example.com' }]),
    ])
    const seen = await server.http<PublicAppointment>('GET', link(appointment.modifyCode))
    assert.equal(seen.status, 200)
    assert.equal(seen.body.status, 'pending')
    assert.equal(seen.body.changeable, true)
    assert.equal(seen.body.moved, false)
    assert.equal(seen.body.code, appointment.modifyCode)
    assert.equal(seen.body.timezone, ZONE)
    assert.ok(seen.body.joinUrl?.endsWith(`/customer.html?meeting=${appointment.code}`))
    assert.ok(!JSON.stringify(seen.body).includes('rosa@example.com'), 'no contact data on a public link')

    for (const code of ['nope-nope-nope', '__proto__', '..%2F..%2Fetc', 'a'.repeat(90), 'x\u0000yyyyyyyy']) {
      const unknown = await server.http<{ reason?: string }>('GET', link(code))
      assert.equal(unknown.status, 404, code)
    }
    // Longer than any route parameter: Fastify answers 414 before any lookup.
    assert.equal((await server.http('GET', link('a'.repeat(500)))).status, 414)
    const known = await server.http<{ reason?: string }>('GET', link('A'.repeat(16)))
    assert.equal(known.body.reason, 'unknown-appointment')
  })

  it('moves the appointment to a free time: the old link leads to the new one, and the agent is told', async () => {
    const { agent, appointment } = await agentWithAppointment()
    const before = await server.http<PublicAppointment>('GET', link(appointment.modifyCode))
    const target = await freeStart(appointment.modifyCode, before.body.startAt)

    const moved = await server.http<PublicAppointment>('POST', `${link(appointment.modifyCode)}/reschedule`, {
      body: { startAt: target.utc },
    })
    assert.equal(moved.status, 201)
    assert.equal(moved.body.startAt, target.utc)
    assert.equal(moved.body.status, 'pending')
    assert.notEqual(moved.body.code, appointment.modifyCode)
    assert.ok(moved.body.joinUrl && !moved.body.joinUrl.endsWith(appointment.code), 'a new join link')

    const change = await agent.client.next<CustomerChange>('appointments:customer-change')
    assert.equal(change.change, 'rescheduled')
    assert.equal(change.appointment.id, appointment.id)
    assert.equal(change.appointment.status, 'rescheduled')
    assert.equal(change.next?.startAt, target.utc)
    assert.equal(change.appointment.rescheduledAppointment, change.next?.id)
    const notes = await agent.client.next<NotificationsUpdate>('notifications:update')
    assert.equal(notes.notifications[0]?.title, 'Appointment moved')
    assert.match(notes.notifications[0]?.body ?? '', /^The customer moved Test meeting to /)
    // Told once: the 5-second check does not announce the new one as a booking as well.
    const [marked] = await server.db.query<{ notified_at: Date | null }>(
      'SELECT notified_at FROM appointments WHERE id = $1',
      [change.next?.id],
    )
    assert.ok(marked?.notified_at, 'the moved appointment counts as notified')

    const old = await server.http<PublicAppointment>('GET', link(appointment.modifyCode))
    assert.equal(old.body.moved, true)
    assert.equal(old.body.code, moved.body.code)
    assert.equal(old.body.startAt, target.utc)
    // The old link still acts, on the appointment it leads to.
    const again = await freeStart(moved.body.code, target.utc)
    const twice = await server.http<PublicAppointment>('POST', `${link(appointment.modifyCode)}/reschedule`, {
      body: { startAt: again.utc },
    })
    assert.equal(twice.status, 201)
    assert.equal(twice.body.startAt, again.utc)
  })

  it('refuses a taken time, a time that is not a slot, and bad input', async () => {
    const { agent, appointment } = await agentWithAppointment()
    const target = await freeStart(appointment.modifyCode)
    const other = await insertAppointment(server, agent.userId, {
      startInMinutes: Math.round((Date.parse(target.utc) - server.clock.now()) / 60_000),
    })
    assert.ok(other.id)
    const taken = await server.http('POST', `${link(appointment.modifyCode)}/reschedule`, {
      body: { startAt: target.utc },
    })
    assert.equal(taken.status, 409)
    const past = await server.http('POST', `${link(appointment.modifyCode)}/reschedule`, {
      body: { startAt: new Date(server.clock.now() - 3_600_000).toISOString() },
    })
    assert.equal(past.status, 422)
    for (const body of [
      {},
      { startAt: 'tomorrow' },
      { startAt: 1 },
      [],
      { startAt: target.utc, __proto__: 1 },
    ]) {
      const bad = await server.http('POST', `${link(appointment.modifyCode)}/reschedule`, { body })
      assert.ok(bad.status === 400 || bad.status === 409, `${JSON.stringify(body)}: ${bad.status}`)
    }
    const badZone = await server.http(
      'GET',
      `${link(appointment.modifyCode)}/hours?date=2030-01-02&timezone=Mars/Base`,
    )
    assert.equal(badZone.status, 400)
    const unchanged = await server.http<PublicAppointment>('GET', link(appointment.modifyCode))
    assert.equal(unchanged.body.status, 'pending')
    assert.equal(unchanged.body.moved, false)
  })

  it('cancels with the customer’s reason, kept as text; then nothing more can change', async () => {
    const { agent, appointment } = await agentWithAppointment()
    for (const reason of ['nul \u0000 inside', 'x'.repeat(1001)]) {
      const bad = await server.http('POST', `${link(appointment.modifyCode)}/cancel`, { body: { reason } })
      assert.equal(bad.status, 400)
    }
    const reason = '<img src=x onerror=alert(1)> I am ill\nSorry'
    const canceled = await server.http<PublicAppointment>('POST', `${link(appointment.modifyCode)}/cancel`, {
      body: { reason },
    })
    assert.equal(canceled.status, 200)
    assert.equal(canceled.body.status, 'canceled')
    assert.equal(canceled.body.canceledBy, 'customer')
    assert.equal(canceled.body.changeable, false)
    assert.equal(canceled.body.joinUrl, null)

    const change = await agent.client.next<CustomerChange>('appointments:customer-change')
    assert.equal(change.change, 'canceled')
    assert.equal(change.next, null)
    assert.equal(change.appointment.canceledBy, 'customer')
    assert.equal(change.appointment.cancelReason, reason)
    const got = await agent.client.request<{ appointment: Appointment }>('appointments:get', {
      appointment: appointment.id,
    })
    assert.ok(got.ok && got.data.appointment.status === 'canceled')

    const twice = await server.http('POST', `${link(appointment.modifyCode)}/cancel`, { body: {} })
    assert.equal(twice.status, 409)
    const move = await server.http('POST', `${link(appointment.modifyCode)}/reschedule`, {
      body: { startAt: new Date(server.clock.now() + 86_400_000).toISOString() },
    })
    assert.equal(move.status, 409)
    const dates = await server.http('GET', `${link(appointment.modifyCode)}/dates?month=2030-01-01`)
    assert.equal(dates.status, 409)
  })

  it('lets an appointment in progress be joined but not changed, and an old one neither', async () => {
    const { appointment: running } = await agentWithAppointment(-5)
    const seen = await server.http<PublicAppointment>('GET', link(running.modifyCode))
    assert.equal(seen.body.changeable, false)
    assert.ok(seen.body.joinUrl, 'an appointment in progress can be joined')
    const cancel = await server.http('POST', `${link(running.modifyCode)}/cancel`, { body: {} })
    assert.equal(cancel.status, 409)

    const { appointment: over } = await agentWithAppointment(-120)
    const old = await server.http<PublicAppointment>('GET', link(over.modifyCode))
    assert.equal(old.body.changeable, false)
    assert.equal(old.body.joinUrl, null)
  })
})
