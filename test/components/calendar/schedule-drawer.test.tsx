import { sendKeys } from '@web/test-runner-commands'
import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import ScheduleArea from '../../../src/components/calendar/ScheduleArea'
import { zoneName } from '../../../src/lib/zone-name'
import { DRAWER_OPEN_DELAY_MS } from '../../../src/constants'
import { $scheduleDrawer, $scheduleForm, closeScheduleDrawer } from '../../../src/stores/calendar/schedule'
import { setCalendarTimeZone } from '../../../src/stores/calendar/calendar'
import { $toasts, clearToasts } from '../../../src/stores/app/toasts'
import { watchPresence } from '../../../src/stores/app/browser-presence'
import { clearTokens, setTokens } from '../../../src/stores/session/tokens'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import {
  AGENT_ID,
  calendarAppointment,
  fakeApi,
  offline,
  onlineSocket,
  tokenFor,
  type FakeRequest,
  type FakeResponse,
} from '../../support/calendar-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'

const SERVICE = 'e'.repeat(24)

/** Types into a React-controlled input the way a user does (React tracks the native value setter). */
function type(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Chooses an option of a native select the way a user does. */
function choose(select: HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value)
  select.dispatchEvent(new Event('change', { bubbles: true }))
}
const NOW = Date.parse('2026-11-23T12:00:00Z')

function server(
  overrides: Record<string, (request: FakeRequest) => FakeResponse | Promise<FakeResponse>> = {},
) {
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
            { name: 'email', label: 'Email', type: 'email', required: true },
          ],
        },
      }
    if (route === 'GET /referrers') return { body: { data: [{ url: 'https://shop.example/book' }] } }
    if (route === 'GET /users/:id/dates')
      return {
        body: {
          data: [
            { utc: '2026-11-24T12:00:00.000Z', weekday: 2, day: 24 },
            { utc: '2026-11-25T12:00:00.000Z', weekday: 3, day: 25 },
          ],
        },
      }
    if (route === 'GET /users/:id/hours')
      return {
        body: {
          data: [
            { utc: `${request.query.get('date')}T13:00:00.000Z`, time: '10:00' },
            { utc: `${request.query.get('date')}T13:30:00.000Z`, time: '10:30' },
          ],
        },
      }
    return { status: 404, body: { code: 404, message: 'no route' } }
  })
}

/** The calendars and links answer only once `reach()` is called: until then no server answers (status 0). */
function catalogueDown(): { reach: () => void } {
  let reachable = false
  const down = (answer: () => FakeResponse) => () => (reachable ? answer() : { status: 0, body: null })
  server({
    'GET /services': down(() => ({ body: { data: [{ id: SERVICE, title: 'Onboarding' }] } })),
    'GET /referrers': down(() => ({ body: { data: [{ url: 'https://shop.example/book' }] } })),
  })
  return { reach: () => (reachable = true) }
}

/** Runs `test` with the browser offline; `online()` brings the network back (so does the end of the test). */
async function whileOffline(test: (online: () => void) => Promise<void>): Promise<void> {
  const stop = watchPresence({ offline: () => {}, online: () => {}, wake: () => {} })
  const online = () => window.dispatchEvent(new Event('online'))
  try {
    window.dispatchEvent(new Event('offline'))
    await test(online)
  } finally {
    online()
    stop()
  }
}

describe('<ScheduleArea> create drawer', () => {
  let time: FakeClock
  let area: RenderedArea
  let closed: number

  beforeEach(() => {
    time = fakeClock(NOW)
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    setCalendarTimeZone('Europe/Madrid')
    onlineSocket()
    closed = 0
  })
  afterEach(() => {
    area.unmount()
    closeScheduleDrawer()
    clearToasts()
    clearTokens()
    offline()
    time.restore()
  })

  const q = <E extends Element = HTMLElement>(selector: string) => area.shadow.querySelector<E>(selector)
  const all = (selector: string) => [...area.shadow.querySelectorAll<HTMLElement>(selector)]
  const mountOpen = async () => {
    area = await renderArea(<ScheduleArea onClose={() => (closed += 1)} />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => $scheduleDrawer.get().open && all('.days .choice').length === 2, 'days', {
      timeout: 3_000,
    })
  }

  it('opens 200 ms after it is mounted (the shell button) and lists the free days', async () => {
    server()
    area = await renderArea(<ScheduleArea onClose={() => (closed += 1)} />)
    await time.tick(DRAWER_OPEN_DELAY_MS - 1)
    expect(q<HTMLElement & { open: boolean }>('sl-drawer')?.open ?? false).to.equal(false)
    await time.tick(1)
    await waitUntil(() => q<HTMLElement & { open: boolean }>('sl-drawer')?.open)
    await waitUntil(() => all('.days .choice').length === 2)
    expect(all('.days .choice').map((b) => b.textContent)).to.deep.equal(['24Tue', '25Wed'])
    expect(q('.month-name')!.textContent).to.equal('November 2026')
    const previousMonth = q<HTMLButtonElement>('.month-picker .previous-month')!
    expect(previousMonth.getAttribute('aria-disabled'), 'never before the current month').to.equal('true')
  })

  it('moves between months by keyboard, the arrow keeping the focus at the current month', async () => {
    server()
    area = await renderArea(<ScheduleArea onClose={() => (closed += 1)} />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => all('.days .choice').length === 2, 'the free days', { timeout: 3_000 })
    const previous = q<HTMLButtonElement>('.month-picker .previous-month')!
    q<HTMLButtonElement>('.month-picker .next-month')!.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => q('.month-name')!.textContent === 'December 2026', 'not December')
    expect(previous.getAttribute('aria-disabled')).to.equal('false')
    await sendKeys({ down: 'Shift' })
    await sendKeys({ press: 'Tab' })
    await sendKeys({ up: 'Shift' })
    expect(area.shadow.activeElement === previous, 'not on the previous month').to.equal(true)
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => q('.month-name')!.textContent === 'November 2026', 'not back to November')
    await waitUntil(() => previous.getAttribute('aria-disabled') === 'true', 'November still offers October')
    expect(area.shadow.activeElement === previous, 'the focus left the month picker').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect(q('.month-name')!.textContent).to.equal('November 2026')
  })

  it('says it is busy while the service form and the free days load, and not once they are in', async () => {
    let answerForm: () => void = () => undefined
    const formAnswered = new Promise<void>((resolve) => (answerForm = resolve))
    server({
      'GET /services/:id/forms': () =>
        formAnswered.then(() => ({ body: { id: SERVICE, title: 'Onboarding', duration: 30, form: [] } })),
    })
    area = await renderArea(<ScheduleArea onClose={() => (closed += 1)} />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => all('.days .choice').length === 2, 'the free days', { timeout: 3_000 })
    expect(q('.schedule-form')!.getAttribute('aria-busy'), 'the form is still on its way').to.equal('true')
    answerForm()
    await waitUntil(() => q('.schedule-form')!.getAttribute('aria-busy') === 'false', 'settled', {
      timeout: 3_000,
    })
    expect(all('.days .choice')).to.have.length(2)
  })

  it('shows the hours in the customer zone with the agent time beside them', async () => {
    server()
    await mountOpen()
    all('.days .choice')[0]!.click()
    await waitUntil(() => all('.hours .choice').length === 2)
    // A new appointment's customer zone starts at the fallback, America/Santiago; the agent grid is Madrid.
    const first = all('.hours .choice')[0]!
    expect(first.querySelector('.choice-label')!.textContent).to.equal('10:00 AM')
    expect(first.querySelector('.choice-detail')!.textContent).to.equal('2:00 PM your time')
    first.click()
    await waitUntil(() => first.getAttribute('aria-checked') === 'true')
    expect($scheduleForm.get().hour).to.equal('2026-11-24T13:00:00.000Z')
  })

  it('names the agent’s day beside an hour that falls on another day for the agent', async () => {
    // 13:00 in Santiago on the 24th is 01:00 on the 25th in Tokyo: the agent must not read it as the 24th.
    setCalendarTimeZone('Asia/Tokyo')
    server({
      'GET /users/:id/hours': (request) => ({
        body: {
          data: [
            { utc: `${request.query.get('date')}T14:00:00.000Z`, time: '11:00' },
            { utc: `${request.query.get('date')}T16:00:00.000Z`, time: '13:00' },
          ],
        },
      }),
    })
    await mountOpen()
    all('.days .choice')[0]!.click()
    await waitUntil(() => all('.hours .choice').length === 2)
    const [sameDay, nextDay] = all('.hours .choice')
    expect(sameDay!.querySelector('.choice-detail')!.textContent).to.equal('11:00 PM your time')
    expect(nextDay!.querySelector('.choice-label')!.textContent).to.equal('1:00 PM')
    expect(nextDay!.querySelector('.choice-detail')!.textContent).to.equal('Wed 1:00 AM your time')
  })

  it('moves through days with the arrow keys (one tab stop)', async () => {
    server()
    await mountOpen()
    const [first, second] = all('.days .choice')
    expect(first!.tabIndex).to.equal(0)
    expect(second!.tabIndex).to.equal(-1)
    first!.focus()
    first!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    await waitUntil(() => $scheduleForm.get().day === '2026-11-25')
  })

  it('searches every time zone, maps aliases, and falls back to America/Santiago', async () => {
    server()
    await mountOpen()
    const input = q<HTMLInputElement>('.combobox-input')!
    input.focus()
    type(input, 'kolk')
    await waitUntil(() => all('.combobox-list [role="option"]').length > 0)
    expect(
      all('.combobox-list [role="option"]').map((li) => li.firstElementChild!.textContent),
    ).to.deep.equal(['Asia/Kolkata'])
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await waitUntil(() => $scheduleForm.get().timeZone === 'Asia/Kolkata')
    expect(input.getAttribute('aria-expanded')).to.equal('false')
    // Closed, the zone reads as a name in the agent's language, not as its id.
    const named = zoneName('Asia/Kolkata', 'en')
    expect(named).to.not.equal('Asia/Kolkata')
    expect(named).to.contain('(Kolkata)')
    await waitUntil(() => input.value === named)
    type(input, 'new york')
    await waitUntil(() => all('.combobox-list [role="option"]').length === 1)
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await waitUntil(() => input.value === named)
  })

  it('marks what is missing on schedule and sends nothing (SPEC §5)', async () => {
    const { requests } = server()
    await mountOpen()
    q('.drawer-footer .submit')!.click()
    await waitUntil(() => area.text().includes('Choose a day and a time.'))
    const referrer = q<HTMLSelectElement>('.referrer-select')!
    expect(q(`#${referrer.getAttribute('aria-describedby')}`)?.textContent).to.equal(
      'Choose a scheduling link.',
    )
    const helpTexts = all('.dynamic-form sl-input').map(
      (input) => (input as HTMLElement & { helpText: string }).helpText,
    )
    expect(helpTexts).to.deep.equal(['This field is required.', 'This field is required.'])
    expect(requests.filter((r) => r.method === 'POST')).to.have.length(0)
    // The agent is taken to the first problem: no day chosen, so the days' one tab stop.
    await waitUntil(() => area.shadow.activeElement === all('.days .choice')[0], 'focus on the days')
    expect(q('.days')!.getAttribute('aria-invalid')).to.equal('true')
    expect(referrer.getAttribute('aria-invalid')).to.equal('true')
  })

  it('takes the agent to the first field left empty when the slot is chosen (below the fold)', async () => {
    const { requests } = server()
    await mountOpen()
    all('.days .choice')[1]!.click()
    await waitUntil(() => all('.hours .choice').length === 2, 'the hours')
    all('.hours .choice')[1]!.click()
    q('.drawer-footer .submit')!.click()
    await waitUntil(() => area.shadow.activeElement === q('#schedule-name'), 'focus on the first empty field')
    expect(q('#schedule-name')!.getAttribute('aria-invalid')).to.equal('true')
    expect(q('.hours')!.hasAttribute('aria-invalid')).to.equal(false)
    expect(q('.days')!.hasAttribute('aria-invalid')).to.equal(false)
    expect(requests.filter((r) => r.method === 'POST')).to.have.length(0)
  })

  it('takes the agent to a required checkbox left unticked, marked invalid', async () => {
    const { requests } = server({
      'GET /services/:id/forms': () => ({
        body: {
          id: SERVICE,
          title: 'Onboarding',
          duration: 30,
          form: [{ name: 'terms', label: 'I accept the terms', type: 'checkbox', required: true }],
        },
      }),
    })
    await mountOpen()
    all('.days .choice')[0]!.click()
    await waitUntil(() => all('.hours .choice').length === 2, 'the hours')
    all('.hours .choice')[0]!.click()
    const referrer = q<HTMLSelectElement>('.referrer-select')!
    choose(referrer, 'https://shop.example/book')
    q('.drawer-footer .submit')!.click()
    await waitUntil(() => area.shadow.activeElement === q('#schedule-terms'), 'focus on the checkbox')
    expect(q('#schedule-terms')!.getAttribute('aria-invalid')).to.equal('true')
    expect(referrer.hasAttribute('aria-invalid')).to.equal(false)
    expect(requests.filter((r) => r.method === 'POST')).to.have.length(0)
  })

  it('books through the drawer and closes it', async () => {
    const booked = calendarAppointment({ startAt: '2026-11-24T13:00:00.000Z' })
    const { requests } = server({
      'POST /schedule/:id': () => ({ status: 201, body: { appointment: booked } }),
    })
    await mountOpen()
    all('.days .choice')[0]!.click()
    await waitUntil(() => all('.hours .choice').length === 2)
    all('.hours .choice')[0]!.click()
    const [name, email] = all('.dynamic-form sl-input') as (HTMLElement & { value: string })[]
    name!.value = 'Ana Pérez'
    name!.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    email!.value = 'ana@example.com'
    email!.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    const referrer = q<HTMLSelectElement>('.referrer-select')!
    choose(referrer, 'https://shop.example/book')
    q('.drawer-footer .submit')!.click()
    await waitUntil(() => !$scheduleDrawer.get().open)
    expect(requests.find((r) => r.method === 'POST')!.body).to.deep.include({
      startAt: '2026-11-24T13:00:00.000Z',
      service: SERVICE,
      referrer: 'https://shop.example/book',
      form: { name: 'Ana Pérez', email: 'ana@example.com' },
    })
    expect(closed).to.equal(1)
  })

  it('says when there are no calendars, no form or no links (SPEC §8)', async () => {
    server({
      'GET /services': () => ({ body: { data: [] } }),
      'GET /referrers': () => ({ status: 500, body: { code: 500, message: 'down' } }),
    })
    area = await renderArea(<ScheduleArea />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => area.text().includes('You have no calendars'), area.text())
    expect(area.text()).to.contain('The scheduling links could not be loaded.')
    area.unmount()
    closeScheduleDrawer()
    server({ 'GET /services/:id/forms': () => ({ status: 404, body: { code: 404, message: 'No form' } }) })
    area = await renderArea(<ScheduleArea />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => area.text().includes('The form of this calendar could not be loaded.'))
  })

  it('says once that the server cannot be reached, not that the agent has no calendars, and retries all', async () => {
    const catalogue = catalogueDown()
    area = await renderArea(<ScheduleArea />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    const unreachable = 'The choices of this form could not be loaded: the server cannot be reached.'
    await waitUntil(() => area.text().includes(unreachable), area.text())
    expect(all('.schedule-problem')).to.have.length(1)
    expect(area.text()).not.to.contain('You have no calendars')
    expect(area.text()).not.to.contain('The scheduling links could not be loaded.')
    catalogue.reach()
    all('.schedule-problem sl-button')[0]!.click()
    await waitUntil(() => all('.days .choice').length === 2, 'the retry did not load the calendars', {
      timeout: 3_000,
    })
    expect(all('.schedule-problem')).to.have.length(0)
  })

  it('loads the calendars and links by itself when the network is back after they failed offline', async () => {
    await whileOffline(async (online) => {
      const catalogue = catalogueDown()
      area = await renderArea(<ScheduleArea />)
      await time.tick(DRAWER_OPEN_DELAY_MS)
      await waitUntil(() => all('.schedule-problem').length === 1, area.text())
      catalogue.reach()
      online()
      await waitUntil(() => all('.days .choice').length === 2, 'the calendars were not asked for again', {
        timeout: 3_000,
      })
      expect(all('.schedule-problem')).to.have.length(0)
    })
  })

  it('says the calendars could not be loaded when the server fails, with its code', async () => {
    server({ 'GET /services': () => ({ status: 500, body: { code: 500, message: 'down' } }) })
    area = await renderArea(<ScheduleArea />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => area.text().includes('Your calendars could not be loaded (code 500).'), area.text())
    expect(area.text()).not.to.contain('You have no calendars')
  })

  it('says the free times cannot be loaded with no server, not code 0', async () => {
    server({ 'GET /users/:id/dates': () => ({ status: 0, body: null }) })
    area = await renderArea(<ScheduleArea />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(
      () =>
        area
          .text()
          .includes(
            'The free times could not be loaded: the server cannot be reached. Check your connection.',
          ),
      area.text(),
    )
  })

  it('offers a retry when the free days fail, which lists them without choosing the calendar again', async () => {
    let failing = true
    server({
      'GET /users/:id/dates': () =>
        failing
          ? { status: 500, body: { code: 500, message: 'down' } }
          : { body: { data: [{ utc: '2026-11-24T12:00:00.000Z', weekday: 2, day: 24 }] } },
    })
    area = await renderArea(<ScheduleArea />)
    await time.tick(DRAWER_OPEN_DELAY_MS)
    await waitUntil(() => area.text().includes('The free times could not be loaded (code 500).'), area.text())
    failing = false
    const retry = all('.slot-section sl-button').find((button) => button.textContent?.includes('Try again'))
    expect(retry, 'no retry beside the failure').to.exist
    retry!.click()
    await waitUntil(() => all('.days .choice').length === 1, 'the retry did not list the days', {
      timeout: 3_000,
    })
    expect(area.text()).not.to.contain('could not be loaded')
  })

  it('offers a retry when the free hours of a day fail, keeping the chosen day', async () => {
    let failing = true
    server({
      'GET /users/:id/hours': (request) =>
        failing
          ? { status: 503, body: { code: 503, message: 'busy' } }
          : { body: { data: [{ utc: `${request.query.get('date')}T13:00:00.000Z`, time: '10:00' }] } },
    })
    await mountOpen()
    all('.days .choice')[0]!.click()
    await waitUntil(() => area.text().includes('The free times could not be loaded (code 503).'), area.text())
    failing = false
    const retry = all('.slot-section sl-button').find((button) => button.textContent?.includes('Try again'))
    expect(retry, 'no retry beside the failure').to.exist
    retry!.click()
    await waitUntil(() => all('.hours .choice').length === 1, 'the retry did not list the hours', {
      timeout: 3_000,
    })
    expect($scheduleForm.get().day).to.equal('2026-11-24')
  })

  it('lists the free times by itself when the network is back after they failed offline', async () => {
    await whileOffline(async (online) => {
      let reachable = false
      server({
        'GET /users/:id/dates': () =>
          reachable
            ? { body: { data: [{ utc: '2026-11-24T12:00:00.000Z', weekday: 2, day: 24 }] } }
            : { status: 0, body: null },
      })
      area = await renderArea(<ScheduleArea />)
      await time.tick(DRAWER_OPEN_DELAY_MS)
      await waitUntil(() => area.text().includes('the server cannot be reached'), area.text())
      reachable = true
      online()
      await waitUntil(() => all('.days .choice').length === 1, 'the days were not asked for again', {
        timeout: 3_000,
      })
    })
  })

  it('shows the server message when it cannot schedule, sending once and keeping the focus on Schedule', async () => {
    let refuse: () => void = () => undefined
    const refused = new Promise<void>((resolve) => (refuse = resolve))
    const { requests } = server({
      'POST /schedule/:id': () =>
        refused.then(() => ({ status: 422, body: { code: 422, message: 'Outside working hours' } })),
    })
    await mountOpen()
    all('.days .choice')[0]!.click()
    await waitUntil(() => all('.hours .choice').length === 2)
    all('.hours .choice')[1]!.click()
    const [name, email] = all('.dynamic-form sl-input') as (HTMLElement & { value: string })[]
    name!.value = 'Ana'
    name!.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    email!.value = 'ana@example.com'
    email!.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    const referrer = q<HTMLSelectElement>('.referrer-select')!
    choose(referrer, 'https://shop.example/book')
    const submit = q<HTMLElement & { loading: boolean }>('.drawer-footer .submit')!
    submit.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => submit.loading, 'not loading')
    // Pressed again while it books: nothing more is sent, and the focus stays for the next step.
    await sendKeys({ press: 'Enter' })
    expect(area.shadow.activeElement === submit, 'the focus left Schedule while it books').to.equal(true)
    refuse()
    await waitUntil(() => $toasts.get().length > 0)
    expect(area.text()).to.contain('The appointment could not be scheduled: Outside working hours')
    expect($scheduleDrawer.get().open).to.equal(true)
    expect(requests.filter((r) => r.method === 'POST')).to.have.length(1)
    // The slot was refused: the focus goes on to the hours, to choose another.
    await waitUntil(
      () => area.shadow.activeElement?.matches('.hours .choice'),
      'the focus is not on the hours',
    )
  })
})
