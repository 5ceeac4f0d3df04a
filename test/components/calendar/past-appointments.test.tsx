import { expect } from '@open-wc/testing'
import axe from 'axe-core'
import { cleanStores } from 'nanostores'
import { waitUntil } from '../../support/waits'
import CalendarArea from '../../../src/components/calendar/CalendarArea'
import type { Appointment } from '../../../src/protocol'
import {
  $calendarDay,
  $calendarFeed,
  setCalendarTimeZone,
  showDay,
} from '../../../src/stores/calendar/calendar'
import { closeAppointment } from '../../../src/stores/calendar/appointment'
import { clearToasts } from '../../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import {
  calendarAppointment,
  fakeApi,
  foundReply,
  offline,
  onlineSocket,
} from '../../support/calendar-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'

/** An appointment starting at `startAt`, `minutes` long. */
const at = (startAt: string, title: string, minutes = 30, extra: Partial<Appointment> = {}) =>
  calendarAppointment({
    startAt,
    endAt: new Date(Date.parse(startAt) + minutes * 60_000).toISOString(),
    title,
    ...extra,
  })

/** Relative luminance of a computed `rgb()` / `rgba()` colour (WCAG 2). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** The WCAG contrast ratio of two opaque colours. */
function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a)
  return (light! + 0.05) / (dark! + 0.05)
}

describe('<CalendarArea> past appointments (SPEC §4: dimmed and read-only)', () => {
  let time: FakeClock
  let area: RenderedArea | null = null

  afterEach(() => {
    area?.unmount()
    area = null
    cleanStores($calendarFeed)
    closeAppointment()
    clearToasts()
    offline()
    time.restore()
  })

  const event = (title: string) =>
    [...area!.shadow.querySelectorAll<HTMLElement>('.fc-event')].find((el) =>
      el.textContent?.includes(title),
    )!
  const mark = (title: string) => event(title).querySelector<HTMLElement>('.appointment-ended')

  it('dims an appointment once it has ended, marked "Ended", its text still at 4.5:1 (axe clean); a future one stays as it was', async () => {
    // In progress: attended already, ending at 09:30.
    time = fakeClock(Date.parse('2026-11-23T09:10:00Z'))
    const socket = onlineSocket()
    fakeApi(() => ({
      body: { data: [], total: 0, limit: 100, skip: 0, page: 1, sortField: null, sortOrder: null },
    }))
    setCalendarTimeZone('UTC')
    showDay('2026-11-23')
    socket.answer(
      'appointments:find',
      foundReply([
        at('2026-11-23T09:00:00Z', 'Attended call', 30, { status: 'attended' }),
        at('2026-11-23T12:30:00Z', 'Afternoon call', 30),
      ]),
    )
    area = await renderArea(<CalendarArea />, { width: 700, height: 900 })
    await waitUntil(
      () => $calendarDay.get().status === 'ready' && area!.shadow.querySelectorAll('.fc-event').length === 2,
      'the two appointments',
      { timeout: 5_000 },
    )
    const before = getComputedStyle(event('Attended call')).backgroundColor
    expect(mark('Attended call')?.checkVisibility(), 'marked "Ended" before its end').to.not.equal(true)

    // Its end passes: it dims on the minute, without a reload.
    await time.tick(21 * 60_000)
    await waitUntil(() => event('Attended call').classList.contains('is-past'), 'not dimmed after its end')

    const past = event('Attended call')
    const future = event('Afternoon call')
    const block = getComputedStyle(past).backgroundColor
    expect(block, 'the block itself is muted, not only its colour band').to.not.equal(before)
    expect(block).to.not.equal(getComputedStyle(future).backgroundColor)
    expect(mark('Attended call')?.checkVisibility(), 'no "Ended" mark').to.equal(true)
    expect(mark('Attended call')!.textContent).to.equal('Ended')
    expect(past.textContent).to.contain('Attended')
    expect(future.classList.contains('is-past')).to.equal(false)
    expect(mark('Afternoon call')?.checkVisibility() ?? false, 'a future one marked "Ended"').to.equal(false)

    // Dimmed by colour, never by opacity, and every text keeps 4.5:1 on what it is drawn on.
    for (const element of [past, ...past.querySelectorAll<HTMLElement>('*')])
      expect(Number(getComputedStyle(element).opacity), element.className).to.equal(1)
    for (const selector of ['.appointment-title', '.appointment-time']) {
      const color = getComputedStyle(past.querySelector(selector)!).color
      expect(contrast(color, block), `${selector} ${color} on ${block}`).to.be.at.least(4.5)
    }
    const badge = getComputedStyle(mark('Attended call')!)
    expect(contrast(badge.color, badge.backgroundColor), 'the "Ended" mark').to.be.at.least(4.5)

    const results = await axe.run(area.host, { resultTypes: ['violations'] })
    const serious = results.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }))
    expect(serious).to.deep.equal([])
  })
})
