import { sendKeys } from '@web/test-runner-commands'
import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { cleanStores } from 'nanostores'
import CalendarArea from '../../../src/components/calendar/CalendarArea'
import type { Appointment } from '../../../src/protocol'
import { CALENDAR_SCROLL_DELAY_MS } from '../../../src/constants'
import {
  $calendarDay,
  $calendarFeed,
  $calendarDate,
  applyAppointment,
  setCalendarTimeZone,
  showDay,
} from '../../../src/stores/calendar/calendar'
import { $openAppointment, closeAppointment } from '../../../src/stores/calendar/appointment'
import { clearToasts } from '../../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import type { FakeSocket } from '../../support/fake-socket'
import { ok } from '../../support/call-fixtures'
import {
  calendarAppointment,
  fakeApi,
  foundReply,
  offline,
  onlineSocket,
} from '../../support/calendar-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'

/** An appointment starting at `startAt`, `minutes` long, titled for the assertion messages. */
const at = (startAt: string, title: string, minutes = 30, extra: Partial<Appointment> = {}) =>
  calendarAppointment({
    startAt,
    endAt: new Date(Date.parse(startAt) + minutes * 60_000).toISOString(),
    title,
    ...extra,
  })

describe('<CalendarArea> day grid', () => {
  let time: FakeClock
  let socket: FakeSocket
  let area: RenderedArea | null = null

  beforeEach(() => {
    socket = onlineSocket()
    fakeApi(() => ({
      body: { data: [], total: 0, limit: 100, skip: 0, page: 1, sortField: null, sortOrder: null },
    }))
  })
  afterEach(() => {
    area?.unmount()
    area = null
    cleanStores($calendarFeed)
    closeAppointment()
    clearToasts()
    offline()
    time.restore()
  })

  async function show(zone: string, date: string, appointments: Appointment[], now = `${date}T12:00:00Z`) {
    time = fakeClock(Date.parse(now))
    setCalendarTimeZone(zone)
    showDay(date)
    socket.answer('appointments:find', foundReply(appointments))
    area = await renderArea(<CalendarArea />, { width: 700, height: 900 })
    // The day's answer, not what an earlier test left in the store for the same day while it loads.
    const titles = () => [...area!.shadow.querySelectorAll('.fc-event')].map((el) => el.textContent ?? '')
    await waitUntil(
      () =>
        $calendarDay.get().status === 'ready' &&
        titles().length === appointments.length &&
        appointments.every(({ title }) => titles().some((text) => text.includes(title))),
      `expected ${appointments.length} events`,
      { timeout: 5_000 },
    )
    return area
  }

  /** The wall time (HH:mm) of the slot row the event's top sits on, read from FullCalendar's own layout. */
  function slotOf(title: string): string {
    const shadow = area!.shadow
    const event = [...shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
      el.textContent?.includes(title),
    )
    if (!event) throw new Error(`no event ${title}`)
    const top = event.getBoundingClientRect().top
    const rows = [...shadow.querySelectorAll<HTMLElement>('td.fc-timegrid-slot-lane[data-time]')]
    const row = rows.find((cell) => {
      const box = cell.getBoundingClientRect()
      return top >= box.top - 1 && top < box.bottom - 1
    })
    const slot = row?.dataset.time?.slice(0, 5) ?? 'none'
    // Slots are 30 min: an event at :15 or :45 sits in the middle of one; tell it apart by its offset.
    const box = row!.getBoundingClientRect()
    const half = top - box.top > box.height / 4 ? '+' : ''
    return slot + half
  }

  const cases: [string, string, [string, string, string][]][] = [
    // zone, day, [instant, title, expected slot]
    [
      'America/Santiago',
      '2026-04-04',
      [
        ['2026-04-04T13:00:00Z', 'Morning', '10:00'],
        ['2026-04-05T02:00:00Z', 'Before the change', '23:00'],
        ['2026-04-05T03:00:00Z', 'After the change', '23:00'],
      ],
    ],
    [
      'America/Santiago',
      '2026-09-06',
      [
        ['2026-09-06T04:30:00Z', 'First hour', '01:30'],
        ['2026-09-06T13:00:00Z', 'Morning', '10:00'],
      ],
    ],
    [
      'Europe/Madrid',
      '2026-03-29',
      [
        ['2026-03-29T00:30:00Z', 'Before', '01:30'],
        ['2026-03-29T01:30:00Z', 'After', '03:30'],
        ['2026-03-29T08:00:00Z', 'Morning', '10:00'],
      ],
    ],
    [
      'Europe/Madrid',
      '2026-10-25',
      [
        ['2026-10-25T00:00:00Z', 'Summer time', '02:00'],
        ['2026-10-25T02:00:00Z', 'Winter time', '03:00'],
        ['2026-10-25T09:00:00Z', 'Morning', '10:00'],
      ],
    ],
    [
      'America/New_York',
      '2026-03-08',
      [
        ['2026-03-08T06:30:00Z', 'Before', '01:30'],
        ['2026-03-08T07:30:00Z', 'After', '03:30'],
        ['2026-03-08T14:00:00Z', 'Morning', '10:00'],
      ],
    ],
    [
      'America/New_York',
      '2026-11-01',
      [
        ['2026-11-01T05:00:00Z', 'Daylight', '01:00'],
        ['2026-11-01T07:00:00Z', 'Standard', '02:00'],
        ['2026-11-01T15:00:00Z', 'Morning', '10:00'],
      ],
    ],
  ]

  for (const [zone, day, items] of cases)
    it(`places every appointment at its true time in ${zone} on ${day} (daylight saving changes)`, async () => {
      await show(
        zone,
        day,
        items.map(([instant, title]) => at(instant, title)),
      )
      for (const [instant, title, slot] of items) {
        expect(slotOf(title), `${title} (${instant})`).to.equal(slot)
        const shown = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeStyle: 'short' }).format(
          Date.parse(instant),
        )
        const event = [...area!.shadow.querySelectorAll('.fc-event')].find((el) =>
          el.textContent?.includes(title),
        )!
        expect(event.querySelector('.appointment-time')!.textContent, title).to.contain(
          shown.replace(/\s[AP]M$/, ''),
        )
      }
    })

  it('shows the agent zone: the same instants move with the zone', async () => {
    const item = at('2026-11-23T13:00:00Z', 'Zone check')
    await show('Asia/Kolkata', '2026-11-23', [item])
    expect(slotOf('Zone check')).to.equal('18:30')
  })

  it('dims past appointments and shows status and type at a glance', async () => {
    const items = [
      at('2026-11-23T09:00:00Z', 'Over', 30, { status: 'attended' }),
      at('2026-11-23T12:15:00Z', 'Later', 30),
      at('2026-11-23T16:00:00Z', 'Gone', 30, { status: 'canceled' }),
      at('2026-11-23T17:00:00Z', 'Busy', 60, { type: 'blocked', joinUrl: null }),
      at('2026-11-23T19:00:00Z', 'Elsewhere', 60, { type: 'external', joinUrl: null }),
    ]
    await show('UTC', '2026-11-23', items, '2026-11-23T12:00:00Z')
    const event = (title: string) =>
      [...area!.shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
        el.textContent?.includes(title),
      )!
    expect(event('Over').classList.contains('is-past')).to.equal(true)
    // Past: the colour band fades, never the text (faded text would not read).
    expect(getComputedStyle(event('Over')).borderLeftColor).to.not.equal(
      getComputedStyle(event('Later')).borderLeftColor,
    )
    expect(Number(getComputedStyle(event('Over')).opacity)).to.equal(1)
    expect(event('Later').classList.contains('is-past')).to.equal(false)
    expect(event('Over').textContent).to.contain('Attended')
    expect(event('Later').textContent).to.contain('Pending')
    expect(event('Gone').textContent).to.contain('Canceled')
    expect(event('Busy').textContent).to.contain('Blocked')
    expect(event('Elsewhere').textContent).to.contain('External')
    // Dims on the minute it ends, without a reload.
    await time.tick(46 * 60_000)
    await waitUntil(() => event('Later').classList.contains('is-past'))
  })

  it('keeps a short appointment to its box: its badge never covers the next title (at 1366 px wide)', async () => {
    // The calendar beside the page at 1366 px is min(28rem, 40vw) wide: 448 px.
    time = fakeClock(Date.parse('2026-11-23T12:00:00Z'))
    setCalendarTimeZone('UTC')
    showDay('2026-11-23')
    const items = [
      at('2026-11-23T15:00:00Z', 'Moved away with a long title', 15, { status: 'rescheduled' }),
      at('2026-11-23T15:15:00Z', 'Right after', 15),
      at('2026-11-23T15:30:00Z', 'Then this one', 15, { status: 'canceled' }),
      at('2026-11-23T15:45:00Z', 'Side by side', 30),
      at('2026-11-23T16:00:00Z', 'Beside the other', 15, { status: 'rescheduled' }),
    ]
    socket.answer('appointments:find', foundReply(items))
    area = await renderArea(<CalendarArea />, { width: 448, height: 900 })
    await waitUntil(() => area!.shadow.querySelectorAll('.appointment-title').length === items.length)
    const shadow = area.shadow
    const event = (title: string) =>
      [...shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) => el.textContent?.includes(title))!
    event('Right after').scrollIntoView({ block: 'center' })
    for (const { title } of items) {
      const own = event(title)
      const box = own.getBoundingClientRect()
      const name = own.querySelector('.appointment-title')!.getBoundingClientRect()
      // Whatever shows of the title is the event's own: sampled along its line, nothing else is on top.
      const right = Math.min(name.right, box.right) - 1
      for (let x = Math.max(name.left, box.left) + 1; x < right; x += 8) {
        const hit = shadow.elementFromPoint(x, name.top + name.height / 2)
        expect(hit?.closest('.fc-event'), `${title} at x=${Math.round(x)}`).to.equal(own)
      }
      // The badge is shown whole inside the box, never cut nor spilling out.
      const badge = own.querySelector('.appointment-badge')
      if (!badge) continue
      const tag = badge.getBoundingClientRect()
      expect(tag.right, `${title}: badge`).to.be.at.most(box.right + 0.5)
      expect(tag.bottom, `${title}: badge`).to.be.at.most(box.bottom + 0.5)
      expect(tag.width, `${title}: badge`).to.be.at.least(badge.scrollWidth - 0.5)
    }
  })

  it('shows every badge whole inside its box in a 366 px column, from 15 to 90 minutes', async () => {
    // At 390 × 844 the calendar is the page's width and half an hour is about 26 px high.
    time = fakeClock(Date.parse('2026-11-23T06:00:00Z'))
    setCalendarTimeZone('UTC')
    showDay('2026-11-23')
    const items = [
      at('2026-11-23T07:00:00Z', 'A quarter', 15),
      at('2026-11-23T08:00:00Z', 'Half an hour', 30),
      at('2026-11-23T09:00:00Z', 'Team sync (external calendar)', 45, { type: 'external' }),
      at('2026-11-23T10:00:00Z', 'Three quarters with a customer', 45),
      at('2026-11-23T11:00:00Z', 'Lunch', 60, { type: 'blocked' }),
      at('2026-11-23T12:00:00Z', 'An hour and a half', 90),
    ]
    socket.answer('appointments:find', foundReply(items))
    area = await renderArea(<CalendarArea />, { width: 366, height: 500 })
    await waitUntil(() => area!.shadow.querySelectorAll('.appointment-badge').length === items.length)
    const shadow = area.shadow
    const slot = shadow.querySelector('td.fc-timegrid-slot-lane')!.getBoundingClientRect()
    expect(slot.height, 'half an hour').to.be.at.most(30)
    for (const { title } of items) {
      const own = [...shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
        el.textContent?.includes(title),
      )!
      own.scrollIntoView({ block: 'center' })
      const box = own.getBoundingClientRect()
      const badge = own.querySelector('.appointment-badge')!
      const tag = badge.getBoundingClientRect()
      expect(tag.top, `${title}: badge top`).to.be.at.least(box.top - 0.5)
      expect(tag.bottom, `${title}: badge bottom (box ${box.height} px high)`).to.be.at.most(box.bottom + 0.5)
      expect(tag.right, `${title}: badge right`).to.be.at.most(box.right + 0.5)
      expect(tag.width, `${title}: badge width`).to.be.at.least(badge.scrollWidth - 0.5)
    }
  })

  it('is read-only: no selection, no drag, no resize; external appointments do not open', async () => {
    const items = [
      at('2026-11-23T15:00:00Z', 'Open me'),
      at('2026-11-23T19:00:00Z', 'Not me', 30, { type: 'external' }),
    ]
    socket.answer('appointments:get', (payload) =>
      ok({ appointment: items.find((i) => i.id === (payload as { appointment: string }).appointment) }),
    )
    await show('UTC', '2026-11-23', items)
    const shadow = area!.shadow
    expect(shadow.querySelector('.fc-event-draggable, .fc-event-resizable, .fc-event-resizer')).to.equal(null)
    const lane = shadow.querySelector<HTMLElement>('td.fc-timegrid-slot-lane[data-time="20:00:00"]')!
    const box = lane.getBoundingClientRect()
    const options = { bubbles: true, composed: true, clientX: box.left + 20, clientY: box.top + 5 }
    lane.dispatchEvent(new MouseEvent('mousedown', options))
    lane.dispatchEvent(new MouseEvent('mouseup', options))
    expect(shadow.querySelector('.fc-highlight')).to.equal(null)
    const external = [...shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
      el.textContent?.includes('Not me'),
    )!
    external.click()
    expect($openAppointment.get()).to.equal(null)
    const regular = [...shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
      el.textContent?.includes('Open me'),
    )!
    expect(regular.getAttribute('tabindex')).to.equal('0')
    regular.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect($openAppointment.get()?.id).to.equal(items[0]!.id)
  })

  it('shows a changed appointment at once, moved or canceled, and drops one that left the day', async () => {
    const moving = at('2026-11-23T15:00:00Z', 'Moving')
    const canceling = at('2026-11-23T16:00:00Z', 'Canceling')
    await show('UTC', '2026-11-23', [moving, canceling])
    const event = (title: string) =>
      [...area!.shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
        el.textContent?.includes(title),
      )
    applyAppointment({ ...moving, startAt: '2026-11-23T18:00:00.000Z', endAt: '2026-11-23T18:30:00.000Z' })
    applyAppointment({ ...canceling, status: 'canceled' })
    await waitUntil(
      () => event('Canceling')?.classList.contains('status-canceled') && slotOf('Moving') === '18:00',
    )
    expect(event('Canceling')!.textContent).to.contain('Canceled')
    applyAppointment({ ...moving, startAt: '2026-11-24T18:00:00.000Z', endAt: '2026-11-24T18:30:00.000Z' })
    await waitUntil(() => !event('Moving'))
    expect(area!.shadow.querySelectorAll('.fc-event')).to.have.length(1)
  })

  it('scrolls to the current time 4 s after it is created', async () => {
    // A time the grid can bring to its top: the 900 px area shows the day from 08:00 to its end at once.
    await show('UTC', '2026-11-23', [], '2026-11-23T08:00:00Z')
    const scroller = () =>
      area!.shadow.querySelector<HTMLElement>('.fc-timegrid-body')!.closest<HTMLElement>('.fc-scroller')!
    const row = area!.shadow.querySelector<HTMLElement>('td.fc-timegrid-slot-lane[data-time="08:00:00"]')!
    const before = scroller().scrollTop
    await time.tick(CALENDAR_SCROLL_DELAY_MS - 1)
    expect(scroller().scrollTop).to.equal(before)
    await time.tick(1)
    await waitUntil(() => scroller().scrollTop !== before)
    const top = row.getBoundingClientRect().top - scroller().getBoundingClientRect().top
    expect(Math.abs(top)).to.be.lessThan(2)
  })

  it('moves day by day with the arrows, with the weekday and date in the header', async () => {
    await show('Europe/Madrid', '2026-11-23', [])
    expect(area!.shadow.querySelector('.calendar-heading')!.textContent).to.equal('MondayNovember 23, 2026')
    const previous = area!.shadow.querySelector<HTMLButtonElement>('.calendar-nav button.previous-day')
    const next = area!.shadow.querySelector<HTMLButtonElement>('.calendar-nav button.next-day')
    expect(previous?.getAttribute('aria-label')).to.equal('Previous day')
    expect(next?.getAttribute('aria-label')).to.equal('Next day')
    next!.click()
    expect($calendarDate.get()).to.equal('2026-11-24')
    await waitUntil(
      () => area!.shadow.querySelector('.calendar-heading')!.textContent === 'TuesdayNovember 24, 2026',
    )
    previous!.click()
    previous!.click()
    await waitUntil(
      () => area!.shadow.querySelector('.calendar-heading')!.textContent === 'SundayNovember 22, 2026',
    )
    const asked = socket.sent
      .filter((s) => s.event === 'appointments:find')
      .map((s) => (s.payload as { date: string }).date)
    expect(asked).to.include.members(['2026-11-23', '2026-11-24', '2026-11-22'])
  })

  it('goes back to today by keyboard, and Today then says so and keeps the focus', async () => {
    await show('Europe/Madrid', '2026-11-23', [])
    const today = area!.shadow.querySelector<HTMLButtonElement>('.calendar-nav button.today')!
    expect(today.getAttribute('aria-disabled'), 'today is on screen').to.equal('true')
    area!.shadow.querySelector<HTMLButtonElement>('.calendar-nav button.next-day')!.click()
    await waitUntil(() => today.getAttribute('aria-disabled') === 'false', 'Today not offered on another day')
    today.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $calendarDate.get() === '2026-11-23', 'not back to today')
    await waitUntil(() => today.getAttribute('aria-disabled') === 'true', 'Today still offered on today')
    expect(area!.shadow.activeElement === today, 'the focus left Today').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect($calendarDate.get()).to.equal('2026-11-23')
  })
})
