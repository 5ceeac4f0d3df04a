import { useState } from 'react'
import { sendKeys } from '@web/test-runner-commands'
import { expect } from '@open-wc/testing'
import axe from 'axe-core'
import { cleanStores } from 'nanostores'
import { waitUntil } from '../../support/waits'
import CalendarArea from '../../../src/components/calendar/CalendarArea'
import ScheduleArea from '../../../src/components/calendar/ScheduleArea'
import { DRAWER_OPEN_DELAY_MS } from '../../../src/constants'
import type { Appointment } from '../../../src/protocol'
import { $scheduleDrawer, closeScheduleDrawer } from '../../../src/stores/calendar/schedule'
import {
  $calendarDate,
  $calendarDay,
  $calendarFeed,
  setCalendarTimeZone,
  showDay,
} from '../../../src/stores/calendar/calendar'
import { closeAppointment } from '../../../src/stores/calendar/appointment'
import { clearToasts } from '../../../src/stores/app/toasts'
import { clearTokens, setTokens } from '../../../src/stores/session/tokens'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import type { FakeSocket } from '../../support/fake-socket'
import {
  AGENT_ID,
  calendarAppointment,
  fakeApi,
  foundReply,
  offline,
  onlineSocket,
  tokenFor,
  type FakeRequest,
  type FakeResponse,
} from '../../support/calendar-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'

const SERVICE = 'e'.repeat(24)
const NOW = Date.parse('2026-11-23T12:00:00Z')

/**
 * Waits for every animation and transition under `root`, shadow roots included (the drawer slides in, the
 * problem lines fade in): axe reads colours half-way through one otherwise, on a busy machine.
 */
async function animationsSettled(root: Element): Promise<void> {
  const elements: Element[] = []
  const walk = (node: Element | ShadowRoot) => {
    for (const child of Array.from(node.children)) {
      elements.push(child)
      walk(child)
      if (child.shadowRoot) walk(child.shadowRoot)
    }
  }
  elements.push(root)
  walk(root)
  if (root.shadowRoot) walk(root.shadowRoot)
  const running = elements.flatMap((element) => element.getAnimations())
  await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
}

/** The element that holds the keyboard focus, through the open shadow roots on the way. */
function focused(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** The reference server's answers the drawer needs: a calendar, its form, a link, free days and hours. */
function server(overrides: Record<string, (request: FakeRequest) => FakeResponse> = {}) {
  return fakeApi((request) => {
    const route = `${request.method} ${request.path.replace(/[0-9a-f]{24}/g, ':id')}`
    if (overrides[route]) return overrides[route]!(request)
    if (route === 'GET /services') return { body: { data: [{ id: SERVICE, title: 'Onboarding' }] } }
    if (route === 'GET /services/:id/forms')
      return {
        body: {
          id: SERVICE,
          title: 'Onboarding',
          duration: 30,
          form: [
            { name: 'name', label: 'Full name', type: 'text', required: true },
            { name: 'phone', label: 'Phone', type: 'tel', required: false },
          ],
        },
      }
    if (route === 'GET /referrers') return { body: { data: [{ url: 'https://shop.example/book' }] } }
    if (route === 'GET /users/:id/dates')
      return { body: { data: [{ utc: '2026-11-24T12:00:00.000Z', weekday: 2, day: 24 }] } }
    if (route === 'GET /users/:id/hours')
      return { body: { data: [{ utc: `${request.query.get('date')}T13:00:00.000Z`, time: '10:00' }] } }
    if (route === 'GET /users')
      return { body: { data: [], total: 0, limit: 100, skip: 0, page: 1, sortField: null, sortOrder: null } }
    return { status: 404, body: { code: 404, message: 'no route' } }
  })
}

/** The shell's part of it: a header button that mounts the schedule area, the calendar beside it or not. */
function Console({ calendar }: { calendar: boolean }) {
  const [scheduling, setScheduling] = useState(false)
  return (
    <>
      <button type="button" className="opener" onClick={() => setScheduling(true)}>
        Schedule
      </button>
      {calendar && <CalendarArea />}
      {scheduling && <ScheduleArea onClose={() => setScheduling(false)} />}
    </>
  )
}

describe('the schedule drawer by keyboard', () => {
  let time: FakeClock
  let socket: FakeSocket
  let area: RenderedArea

  beforeEach(() => {
    time = fakeClock(NOW)
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    setCalendarTimeZone('Europe/Madrid')
    showDay('2026-11-23')
    socket = onlineSocket()
  })
  afterEach(() => {
    area.unmount()
    closeScheduleDrawer()
    cleanStores($calendarFeed)
    closeAppointment()
    clearToasts()
    clearTokens()
    offline()
    time.restore()
  })

  const q = <E extends Element = HTMLElement>(selector: string) => area.shadow.querySelector<E>(selector)
  const all = (selector: string) => [...area.shadow.querySelectorAll<HTMLElement>(selector)]

  /** Presses the header button with the keyboard and lets the drawer open (200 ms later). */
  async function openWithKeyboard(): Promise<void> {
    q<HTMLButtonElement>('.opener')!.focus()
    // A key press is a discrete event: React has mounted the area (and its 200 ms timer) when it returns.
    await sendKeys({ press: 'Enter' })
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => all('.days .choice').length === 1, 'the free days', { timeout: 5_000 })
  }

  for (const calendar of [false, true])
    it(`takes the focus into the drawer, to its first field, when Schedule opens it (${calendar ? 'beside the calendar' : 'alone'})`, async () => {
      server()
      socket.answer('appointments:find', foundReply([]))
      area = await renderArea(<Console calendar={calendar} />)
      await openWithKeyboard()
      const first = q('.schedule-drawer .service-select')!
      await waitUntil(() => area.shadow.activeElement === first, 'the focus is not on the first field', {
        timeout: 3_000,
      })
      expect(focused(), 'the select itself').to.equal(first)
      // Four Tabs on, the day picker: the time zone, the two month arrows, then the days.
      for (let step = 0; step < 4; step += 1) await sendKeys({ press: 'Tab' })
      expect(area.shadow.activeElement === all('.days .choice')[0], 'not on the days after 4 Tabs').to.equal(
        true,
      )
    })

  it('takes the focus to the booked appointment, on its day in the calendar, once the drawer closes', async () => {
    let booked: Appointment | null = null
    server({
      'POST /schedule/:id': (request) => {
        booked = calendarAppointment({
          startAt: '2026-11-24T13:00:00.000Z',
          title: 'Onboarding with Paula',
          form: [
            { label: 'Full name', value: String((request.body as { form: { name: string } }).form.name) },
          ],
        })
        return { status: 201, body: { appointment: booked } }
      },
    })
    // The calendar finds the new one on its day once it is booked.
    socket.answer('appointments:find', (payload) => {
      const { date } = payload as { date: string }
      return foundReply(booked && date === '2026-11-24' ? [booked] : [])(payload)
    })
    area = await renderArea(<Console calendar />)
    await waitUntil(() => $calendarDay.get().status === 'ready', 'the day', { timeout: 5_000 })
    await openWithKeyboard()
    all('.days .choice')[0]!.click()
    await waitUntil(() => all('.hours .choice').length === 1, 'the hours', { timeout: 3_000 })
    all('.hours .choice')[0]!.click()
    const name = q<HTMLElement & { value: string }>('#schedule-name')!
    name.value = 'Paula'
    name.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    const referrer = q<HTMLSelectElement>('.referrer-select')!
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
      referrer,
      'https://shop.example/book',
    )
    referrer.dispatchEvent(new Event('change', { bubbles: true }))
    q<HTMLElement>('.drawer-footer .submit')!.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => !$scheduleDrawer.get().open, 'not booked', { timeout: 3_000 })

    await waitUntil(
      () => focused()?.closest('.fc-event')?.querySelector(`[data-appointment="${booked!.id}"]`),
      'the focus is not on the booked appointment',
      { timeout: 5_000 },
    )
    expect($calendarDate.get(), 'the calendar shows the day it was booked for').to.equal('2026-11-24')
    expect(focused()!.textContent).to.contain('Onboarding with Paula')
  })

  it('names the scheduling link by a visible label: no serious axe finding in the drawer, scrolled or not', async () => {
    server()
    socket.answer('appointments:find', foundReply([]))
    area = await renderArea(<Console calendar={false} />)
    await openWithKeyboard()
    // Refused: every problem is marked, the link's among them, below the fold of the drawer.
    q('.drawer-footer .submit')!.click()
    await waitUntil(() => q('.referrer-select')?.getAttribute('aria-invalid') === 'true', 'not refused')
    const referrer = q<HTMLSelectElement>('.referrer-select')!
    expect([...referrer.labels].map((label) => label.textContent)).to.deep.equal(['Scheduling link'])
    expect(referrer.labels[0]!.checkVisibility()).to.equal(true)
    for (const block of ['end', 'start'] as const) {
      referrer.scrollIntoView({ block })
      await animationsSettled(area.host)
      const results = await axe.run(area.host, { resultTypes: ['violations'] })
      const serious = results.violations
        .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
        .map((violation) => ({
          id: violation.id,
          nodes: violation.nodes.map((node) => node.target.join(' ')),
        }))
      expect(serious, `scrolled to its ${block}`).to.deep.equal([])
    }
    q<HTMLElement>('.schedule-drawer .service-select')!.scrollIntoView()
    const results = await axe.run(area.host, { resultTypes: ['violations'] })
    expect(results.violations.filter((violation) => violation.id === 'label-title-only')).to.deep.equal([])
  })
})
