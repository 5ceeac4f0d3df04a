import { expect, fixtureCleanup } from '@open-wc/testing'
import { html } from 'lit'
import '../../src/elements/agent-calendar'
import { resetConfig } from '../../src/stores/app/config'
import { disconnectRealtime } from '../../src/stores/session/realtime-session'
import { receiveConsoleSettings, $consoleSettings } from '../../src/stores/profile/settings'
import { closeAppointment } from '../../src/stores/calendar/appointment'
import { setCalendarTimeZone, showDay } from '../../src/stores/calendar/calendar'
import { clearTokens, setTokens } from '../../src/stores/session/tokens'
import { clearToasts } from '../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { connectFakeSocket, ok } from '../support/call-fixtures'
import { NO_REPLY } from '../support/fake-socket'
import {
  AGENT_ID,
  calendarAppointment,
  consoleSettings,
  fakeApi,
  foundReply,
  offline,
  tokenFor,
} from '../support/calendar-fixtures'
import { mount, shadow, visibleText } from '../support/render'
import { within, waitUntil } from '../support/waits'

describe('<agent-calendar>', () => {
  let time: FakeClock

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T12:00:00Z'))
    showDay('2026-11-23')
  })
  afterEach(() => {
    disconnectRealtime()
    closeAppointment()
    clearTokens()
    clearToasts()
    $consoleSettings.set(null)
    setCalendarTimeZone(null)
    fixtureCleanup()
    resetConfig()
    offline()
    time.restore()
  })

  it('asks to sign in when no agent is signed in', async () => {
    const element = await mount(html`<agent-calendar lang="en"></agent-calendar>`)
    expect(visibleText(element)).to.equal('Sign in to see your calendar.')
  })

  it('connects the session itself, shows the day in its time-zone attribute, and fires agent-appointment-open', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T13:00:00.000Z', title: 'Standalone check' })
    const socket = connectFakeSocket()
    fakeApi((request) =>
      request.path === '/user/settings'
        ? { body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } } }
        : { body: { data: [], total: 0, limit: 100, skip: 0, page: 1, sortField: null, sortOrder: null } },
    )
    socket.answer('authenticate', () => ok({ userId: AGENT_ID, sessionId: 'tab', level: 5 }))
    socket.answer('appointments:find', foundReply([item]))
    socket.answer('appointments:get', () => ok({ appointment: item }))
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    receiveConsoleSettings(consoleSettings(true))
    const element = await mount(html`<agent-calendar lang="en" time-zone="Europe/Madrid"></agent-calendar>`)
    await waitUntil(() => shadow(element).querySelector('.fc-event'), 'no event on the grid', {
      timeout: 5_000,
    })
    expect(socket.sent.find((s) => s.event === 'authenticate')).to.exist
    // The day on screen is the one asked in the element's zone (an earlier answer is dropped).
    const finds = socket.sent.filter((s) => s.event === 'appointments:find')
    expect(finds.at(-1)!.payload).to.deep.include({ date: '2026-11-23', timezone: 'Europe/Madrid' })
    await waitUntil(() => shadow(element).querySelector('.appointment-time')?.textContent?.startsWith('2:00'))
    const opened = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('agent-appointment-open', (event) => resolve(event as CustomEvent), {
        once: true,
      }),
    )
    shadow(element).querySelector<HTMLElement>('.fc-event')!.click()
    const event = await within(opened, 2_000, 'agent-appointment-open')
    expect(event.detail).to.deep.equal({ appointmentId: item.id })
    expect(event.composed && event.bubbles).to.equal(true)
    // Alone on a page there is no shell: the calendar offers its own button to book.
    expect(shadow(element).querySelector('.calendar-toolbar .new-appointment')?.textContent).to.contain(
      'New appointment',
    )
  })

  it('shows its day grid alone on a page: as tall as the host makes it, or its own minimum', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T13:00:00.000Z', title: 'Sized check' })
    const socket = connectFakeSocket()
    fakeApi(() => ({ body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } } }))
    socket.answer('authenticate', () => ok({ userId: AGENT_ID, sessionId: 'tab', level: 5 }))
    socket.answer('appointments:find', foundReply([item]))
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    receiveConsoleSettings(consoleSettings(true))
    const page = await mount(html`
      <div>
        <agent-calendar lang="en" style="height: 700px"></agent-calendar>
        <agent-calendar lang="en"></agent-calendar>
      </div>
    `)
    const [sized, unsized] = [...page.querySelectorAll('agent-calendar')]
    const box = (element: Element, selector: string) =>
      shadow(element).querySelector(selector)?.getBoundingClientRect()
    for (const element of [sized!, unsized!])
      await waitUntil(
        () => (box(element, '.fc-event')?.height ?? 0) > 0,
        'the appointment is not on screen',
        {
          timeout: 5_000,
        },
      )
    // The root and the grid fill the host's 700 px; the grid is drawn, not 0 px tall under its toolbar.
    expect(box(sized!, '.calendar-area')!.height).to.equal(700)
    expect(box(sized!, '.fc')!.height).to.equal(box(sized!, '.day-grid')!.height)
    expect(box(sized!, '.fc')!.bottom).to.equal(sized!.getBoundingClientRect().bottom)
    // Without a height from the host: the column's minimum, 24rem of grid at least.
    expect(box(unsized!, '.fc')!.height).to.be.at.least(24 * 16)
  })

  it('says the day waits for the link while it is down, and that the server did not answer', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T13:00:00.000Z', title: 'Link check' })
    const socket = connectFakeSocket()
    fakeApi(() => ({ body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } } }))
    socket.answer('authenticate', () => ok({ userId: AGENT_ID, sessionId: 'tab', level: 5 }))
    socket.answer('appointments:find', foundReply([item]))
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    receiveConsoleSettings(consoleSettings(true))
    const element = await mount(html`<agent-calendar lang="en"></agent-calendar>`)
    const status = () => shadow(element).querySelector('.calendar-status')?.textContent
    await waitUntil(() => status() === '1 appointment', 'the day did not load', { timeout: 5_000 })

    // The link drops and the agent moves on a day: nothing can load until the link is back.
    socket.connect = () => socket
    socket.connected = false
    socket.serverEmit('disconnect', 'transport close')
    showDay('2026-11-24')
    await waitUntil(() => status() === 'The appointments will load once the connection is back.', 'no wait')
    expect(shadow(element).querySelectorAll('.fc-event')).to.have.length(0)

    // Back, and the server does not answer: said so, not as a code.
    socket.answer('appointments:find', () => NO_REPLY)
    socket.connected = true
    socket.serverEmit('connect')
    await waitUntil(
      () =>
        visibleText(element).includes(
          'The appointments of this day could not be loaded: the server did not answer in time.',
        ),
      'no failure shown',
      { timeout: 5_000 },
    )
  })

  it('says so when the account has no calendar', async () => {
    connectFakeSocket().answer('authenticate', () => ok({ userId: AGENT_ID, sessionId: 'tab', level: 5 }))
    fakeApi(() => ({ body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } } }))
    setTokens({ accessToken: tokenFor(AGENT_ID), refreshToken: 'r', remember: false })
    receiveConsoleSettings(consoleSettings(false))
    const element = await mount(html`<agent-calendar lang="en"></agent-calendar>`)
    await waitUntil(() => visibleText(element).includes('not enabled'))
  })
})
