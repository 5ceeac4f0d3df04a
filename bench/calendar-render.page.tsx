// The page `bench/calendar-render.mjs` runs in Chromium: the real calendar area (FullCalendar, our
// zone plugin, our event renderer) in a shadow root, fed by an in-page link instead of a server.
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js'
import CalendarArea from '../src/components/calendar/CalendarArea'
import { ElementRoot } from '../src/components/root/ElementRoot'
import { baseStyles } from '../src/components/root/base.styles'
import type { Appointment } from '../src/protocol'
import { $calendarDay, applyAppointment, setCalendarTimeZone, showDay } from '../src/stores/calendar/calendar'
import { replaceConnections, type Realtime } from '../src/stores/session/connection'
import { $link } from '../src/stores/session/link-state'
import '../src/components/icons/register-icons'

const DAY = '2026-11-23'
const ZONE = 'America/Santiago'
const statuses = ['pending', 'attended', 'canceled', 'rescheduled'] as const
const types = ['regular', 'regular', 'regular', 'blocked', 'external'] as const

/** `count` appointments spread over the day's working hours, many overlapping, every status and type. */
function day(count: number): Appointment[] {
  const start = Date.parse('2026-11-23T11:00:00Z')
  return Array.from({ length: count }, (_, index) => {
    const id = (index + 1).toString(16).padStart(24, '0')
    const begins = start + ((index * 7) % (10 * 60)) * 60_000
    return {
      _id: id,
      id,
      userId: 'b'.repeat(24),
      type: types[index % types.length]!,
      status: statuses[index % statuses.length]!,
      startAt: new Date(begins).toISOString(),
      endAt: new Date(begins + (15 + (index % 4) * 15) * 60_000).toISOString(),
      service: null,
      title: `Customer ${index + 1}`,
      joinUrl: null,
      modifyUrl: null,
      timezone: ZONE,
      referrer: null,
      form: [],
      extraData: null,
      comment: null,
      cancelReason: null,
      canceledAt: null,
      canceledBy: null,
      rescheduledAppointment: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    }
  })
}

let served: Appointment[] = []
// Just enough of the realtime link for the calendar: `appointments:find` answers with `served`.
const link = {
  connect() {},
  disconnect() {},
  isConnected: () => true,
  on: () => () => {},
  onLifecycle: () => () => {},
  emit() {},
  request: (event: string, payload: { date: string; timezone: string }) =>
    Promise.resolve(event === 'appointments:find' ? { ...payload, users: [], data: served } : null),
} as unknown as Realtime

replaceConnections({ socket: link })
$link.set({ state: 'online', attempt: 0, code: null })
setCalendarTimeZone(ZONE)
showDay(DAY)

const host = document.createElement('div')
host.style.cssText = 'width:700px;height:900px'
document.body.append(host)
const shadow = host.attachShadow({ mode: 'open' })
shadow.adoptedStyleSheets = [lightTheme.styleSheet!, baseStyles.styleSheet!]
const root = createRoot(shadow)
flushSync(() => root.render(<ElementRoot container={shadow}>{<CalendarArea />}</ElementRoot>))

const events = () => shadow.querySelectorAll('.fc-event')
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
// Polls on a message channel: no 4 ms clamp of nested timeouts in the measurement.
const channel = new MessageChannel()
const tick = () =>
  new Promise((resolve) => {
    channel.port1.onmessage = resolve
    channel.port2.postMessage(null)
  })
async function until(check: () => boolean): Promise<void> {
  while (!check()) await tick()
}

/** Time from the day's data arriving to 300 events laid out on the grid (a day switch). */
async function renderDay(count: number): Promise<number> {
  served = []
  $calendarDay.set({ ...$calendarDay.get(), appointments: [], status: 'ready' })
  await until(() => events().length === 0)
  await frame()
  const list = day(count)
  const started = performance.now()
  $calendarDay.set({ ...$calendarDay.get(), appointments: list, status: 'ready' })
  await until(() => events().length === count)
  shadow.querySelector('.fc-event:last-child')?.getBoundingClientRect()
  return performance.now() - started
}

let sample = 0
/**
 * Time from one appointment's fresh copy (a status change and a new title, as an edit would bring) to its
 * event showing both, laid out. Every sample changes the grid: the title is new each time and the status
 * differs from the one shown; a sample whose change is already on the grid throws instead of timing nothing.
 */
async function updateOne(): Promise<number> {
  const list = $calendarDay.get().appointments
  const target = list[Math.floor(list.length / 2)]!
  const status = target.status === 'canceled' ? 'attended' : 'canceled'
  const title = `Customer updated ${++sample}`
  const shows = () =>
    [...shadow.querySelectorAll(`.fc-event.status-${status} .appointment-title`)].some(
      (node) => node.textContent === title,
    )
  if (shows()) throw new Error(`sample ${sample} would not change the grid`)
  const started = performance.now()
  applyAppointment({ ...target, status, title })
  await until(shows)
  shadow.querySelector('.fc-event')?.getBoundingClientRect()
  return performance.now() - started
}

;(window as unknown as { bench: unknown }).bench = {
  renderDay,
  updateOne,
  ready: () => !!shadow.querySelector('.fc'),
}
