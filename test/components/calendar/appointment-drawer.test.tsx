import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import { AppointmentDrawer } from '../../../src/components/calendar/AppointmentDrawer'
import type { Appointment } from '../../../src/protocol'
import { $openAppointment, closeAppointment, openAppointment } from '../../../src/stores/calendar/appointment'
import { setCalendarTimeZone } from '../../../src/stores/calendar/calendar'
import { $activity, resetActivity, setInMeeting } from '../../../src/stores/status/activity'
import { $scheduleDrawer, closeScheduleDrawer } from '../../../src/stores/calendar/schedule'
import { DRAWER_OPEN_DELAY_MS } from '../../../src/constants'
import { clearToasts } from '../../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { NO_REPLY, type FakeSocket } from '../../support/fake-socket'
import { ok, refused } from '../../support/call-fixtures'
import { calendarAppointment, fakeApi, offline, onlineSocket } from '../../support/calendar-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'

const minute = 60_000

describe('<AppointmentDrawer>', () => {
  let time: FakeClock
  let socket: FakeSocket
  let area: RenderedArea
  let store: Map<string, Appointment>

  beforeEach(async () => {
    time = fakeClock(Date.parse('2026-11-23T12:00:00Z'))
    setCalendarTimeZone('Europe/Madrid')
    socket = onlineSocket()
    fakeApi(() => ({ body: { data: [] } }))
    store = new Map()
    socket.answer('appointments:get', (payload) =>
      ok({ appointment: store.get((payload as { appointment: string }).appointment) }),
    )
    area = await renderArea(<AppointmentDrawer />)
  })
  afterEach(() => {
    area.unmount()
    closeAppointment()
    closeScheduleDrawer()
    resetActivity()
    clearToasts()
    offline()
    time.restore()
  })

  const q = <E extends Element = HTMLElement>(selector: string) => area.shadow.querySelector<E>(selector)
  const open = async (item: Appointment) => {
    store.set(item.id, item)
    openAppointment(item)
    await waitUntil(
      () => $openAppointment.get()?.status === 'ready' && q('.detail-title')?.textContent === item.title,
    )
  }
  const tab = (panel: string) => q<HTMLElement & { disabled: boolean }>(`sl-tab[panel="${panel}"]`)!

  it('says an appointment with no answer could not be loaded because the server did not answer', async () => {
    socket.answer('appointments:get', () => NO_REPLY)
    openAppointment('f'.repeat(24))
    await waitUntil(
      () => area.text().includes('This appointment could not be loaded: the server did not answer in time.'),
      area.text(),
    )
  })

  it('shows the summary: title, type and status tags, start and end in the agent zone and the customer zone', async () => {
    await open(calendarAppointment({ startAt: '2026-11-23T13:00:00.000Z', timezone: 'America/Santiago' }))
    expect(q('.tag-type')!.textContent).to.equal('Meeting')
    expect(q('.tag-status')!.textContent).to.equal('Pending')
    expect(q('.when-agent')!.textContent).to.contain('2:00').and.contain('2:30')
    // Zones by their names in the agent's language, the IANA id in the title.
    expect(q('.appointment-when .when-zone')!.textContent?.trim()).to.equal('Central European Time (Madrid)')
    expect(q('.appointment-when .when-zone')!.getAttribute('title')).to.equal('Europe/Madrid')
    expect(q('.when-customer')!.textContent).to.contain('10:00').and.contain('10:30')
    expect(q('.appointment-when.customer .when-zone')!.textContent?.trim()).to.equal('Chile Time (Santiago)')
  })

  it("keeps a customer's name of one long word, with a direction override, within the drawer", async () => {
    const title = `Video consultation – \u202Egnp.exe${'x'.repeat(300)}`
    await open(calendarAppointment({ title }))
    const heading = q('.detail-title')!
    // Isolated: the override turns the customer's own text around, not the rest of the drawer.
    expect(heading.querySelector('bdi')?.textContent).to.equal(title)
    // Broken within the drawer: the heading, the times and the join button stay in sight.
    const body = q('.appointment-drawer')!.shadowRoot!.querySelector<HTMLElement>('[part~="body"]')!
    expect(body.scrollWidth).to.be.at.most(body.clientWidth)
    expect(heading.scrollWidth).to.be.at.most(heading.clientWidth)
  })

  it('masks the contact values until the eye toggle shows them; links can be copied', async () => {
    const item = calendarAppointment()
    await open(item)
    const values = () => [...area.shadow.querySelectorAll('.form-values dd')].map((dd) => dd.textContent)
    expect(values()).to.deep.equal(['••••••', '••••••'])
    expect(area.text()).to.not.contain('ana@example.com')
    const eye = q('.form-values-header sl-icon-button')!
    expect(eye.getAttribute('aria-pressed')).to.equal('false')
    eye.click()
    await waitUntil(() => values()[1] === 'ana@example.com')
    expect(eye.getAttribute('aria-pressed')).to.equal('true')
    // Each link beside its copy button, the button named by what it copies.
    const copies = [...area.shadow.querySelectorAll('.copyable')].map((cell) => [
      cell.querySelector('a')?.getAttribute('href'),
      cell.querySelector('button.copy-button')?.getAttribute('aria-label'),
    ])
    expect(copies).to.deep.equal([
      [item.joinUrl, 'Copy the Access URL'],
      [item.modifyUrl, 'Copy the Modify URL'],
    ])
    expect(area.text()).to.contain('Chile Time (Santiago)').and.contain('https://shop.example/book')
  })

  it('offers join 15 min before the start until 30 min after the end, never for blocked, never in a meeting', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T12:30:00.000Z' })
    await open(item)
    const join = () => q<HTMLElement & { disabled: boolean }>('.join sl-button')
    expect(join()!.disabled).to.equal(true)
    expect(q('.join-reason')!.textContent).to.contain('15 minutes')
    await time.tick(15 * minute)
    await waitUntil(() => join()!.disabled === false)
    setInMeeting(true)
    await waitUntil(() => join()!.disabled === true)
    expect(q('.join-reason')!.textContent).to.contain('current call or meeting')
    setInMeeting(false)
    // A jump, not a tick: ticking 75 minutes runs 300 refreshes of the rules, a render each.
    await time.jump(75 * minute + 15_000)
    await waitUntil(() => join()!.disabled === true)
    expect(q('.join-reason')!.textContent).to.contain('30 minutes')
    await open(calendarAppointment({ type: 'blocked', title: 'Lunch', joinUrl: null }))
    expect(join()).to.equal(null)
    expect($activity.get().inMeeting).to.equal(false)
  })

  it('edits start and end keeping 5 minutes apart, and saves them', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T15:00:00.000Z' })
    await open(item)
    tab('reschedule').click()
    await waitUntil(() => q('.edit-start'))
    const start = q<HTMLElement & { value: string }>('.edit-start')!
    const end = q<HTMLElement & { value: string }>('.edit-end')!
    expect(start.value).to.equal('2026-11-23T16:00')
    expect(end.value).to.equal('2026-11-23T16:30')
    start.value = '2026-11-23T17:00'
    start.dispatchEvent(new CustomEvent('sl-change', { bubbles: true, composed: true }))
    await waitUntil(() => end.value === '2026-11-23T17:05')
    end.value = '2026-11-23T16:00'
    end.dispatchEvent(new CustomEvent('sl-change', { bubbles: true, composed: true }))
    await waitUntil(() => start.value === '2026-11-23T15:55')
    socket.answer('appointments:patch', (payload) => {
      const patch = payload as { startAt: string; endAt: string }
      return ok({ appointment: { ...item, startAt: patch.startAt, endAt: patch.endAt } })
    })
    const save = q<HTMLElement & { disabled: boolean }>('.drawer-footer .save')!
    await waitUntil(() => !save.disabled)
    save.click()
    await waitUntil(() => socket.sent.some((s) => s.event === 'appointments:patch'))
    expect(socket.sent.find((s) => s.event === 'appointments:patch')!.payload).to.deep.equal({
      id: item.id,
      startAt: '2026-11-23T14:55:00.000Z',
      endAt: '2026-11-23T15:00:00.000Z',
    })
  })

  it('closes from its own close button, and opens the next appointment asked for while it still slides out', async () => {
    const first = calendarAppointment({
      title: 'First one',
      startAt: '2026-11-23T15:00:00.000Z',
    })
    const second = calendarAppointment({
      title: 'Second one',
      startAt: '2026-11-23T16:00:00.000Z',
    })
    store.set(second.id, second)
    await open(first)
    const drawer = q<HTMLElement & { open: boolean }>('.appointment-drawer')!
    await waitUntil(() => drawer.shadowRoot?.querySelector('[part~="close-button"]'), 'the close button', {
      timeout: 5_000,
    })
    drawer.shadowRoot!.querySelector<HTMLElement>('[part~="close-button"]')!.click()
    // Shoelace's own close: the store closes as the drawer starts to slide out.
    await waitUntil(() => $openAppointment.get() === null, 'the appointment closed', { timeout: 5_000 })
    expect(
      drawer.shadowRoot!.getAnimations().some((animation) => animation.playState === 'running'),
      'the drawer slides out',
    ).to.equal(true)
    openAppointment(second)
    await waitUntil(
      () =>
        q('.detail-title')?.textContent === 'Second one' &&
        drawer.open &&
        drawer.shadowRoot!.getAnimations().every((animation) => animation.playState !== 'running'),
      'the second appointment shown and the drawer still',
      { timeout: 5_000 },
    )
    expect($openAppointment.get()?.id).to.equal(second.id)
    expect(drawer.shadowRoot!.querySelector<HTMLElement>('[part~="panel"]')!.hidden).to.equal(false)
    expect(drawer.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!.hidden).to.equal(false)
  })

  it('opens the reschedule drawer 200 ms after "choose another slot"', async () => {
    await open(calendarAppointment({ startAt: '2026-11-23T15:00:00.000Z' }))
    tab('reschedule').click()
    await waitUntil(() => q('.reschedule-slot sl-button'))
    q('.reschedule-slot sl-button')!.click()
    await time.tick(DRAWER_OPEN_DELAY_MS - 1)
    expect($scheduleDrawer.get().open).to.equal(false)
    await time.tick(1)
    expect($scheduleDrawer.get()).to.deep.include({ open: true, mode: 'reschedule' })
  })

  it('cancels only with a reason', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T15:00:00.000Z' })
    await open(item)
    tab('cancel').click()
    await waitUntil(() => q('.appointment-cancel sl-button'))
    q('.appointment-cancel sl-button')!.click()
    await waitUntil(() => q('.appointment-cancel .field-error'))
    expect(socket.sent.some((s) => s.event === 'appointments:remove')).to.equal(false)
    const reason = q<HTMLElement & { value: string }>('.cancel-reason')!
    reason.value = 'The customer is ill'
    reason.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    socket.answer('appointments:remove', () =>
      ok({
        appointment: {
          ...item,
          status: 'canceled',
          canceledBy: 'agent',
          canceledAt: '2026-11-23T12:00:00.000Z',
          cancelReason: 'The customer is ill',
        },
      }),
    )
    await waitUntil(() => !q('.appointment-cancel .field-error'))
    q('.appointment-cancel sl-button')!.click()
    await waitUntil(() => q('.notice-canceled'))
    expect(socket.sent.find((s) => s.event === 'appointments:remove')!.payload).to.deep.equal({
      id: item.id,
      cancelReason: 'The customer is ill',
    })
    expect(q('.notice-canceled')!.textContent)
      .to.contain('Canceled by an agent')
      .and.contain('The customer is ill')
    expect(tab('cancel').disabled).to.equal(true)
    expect(tab('reschedule').disabled).to.equal(true)
  })

  it('keeps the focus on Cancel the appointment while it is sent, and after a refusal', async () => {
    const item = calendarAppointment({ startAt: '2026-11-23T15:00:00.000Z' })
    await open(item)
    tab('cancel').click()
    await waitUntil(() => q('.appointment-cancel sl-button'))
    const reason = q<HTMLElement & { value: string }>('.cancel-reason')!
    reason.value = 'The customer is ill'
    reason.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    let refuse: () => void = () => undefined
    socket.answer(
      'appointments:remove',
      () => new Promise((resolve) => (refuse = () => resolve(refused(409, 'Already canceled')))),
    )
    const button = q<HTMLElement & { loading: boolean }>('.appointment-cancel sl-button')!
    button.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => button.loading, 'not sending')
    expect(area.shadow.activeElement === button, 'the focus left the button while it sends').to.equal(true)
    await sendKeys({ press: 'Enter' })
    refuse()
    await waitUntil(() => !button.loading, 'still sending')
    expect(socket.sent.filter((s) => s.event === 'appointments:remove')).to.have.length(1)
    expect(area.shadow.activeElement === button, 'the focus left the button after the refusal').to.equal(true)
  })

  it('shows who canceled, when and why; a rescheduled one links to the new one', async () => {
    await open(
      calendarAppointment({
        status: 'canceled',
        canceledBy: 'customer',
        canceledAt: '2026-11-20T10:00:00.000Z',
        cancelReason: 'Travelling',
      }),
    )
    expect(q('.notice-canceled')!.textContent)
      .to.contain('the customer')
      .and.contain('Nov 20, 2026')
      .and.contain('Travelling')
    const next = calendarAppointment({ title: 'The new one', startAt: '2026-11-25T13:00:00.000Z' })
    store.set(next.id, next)
    await open(
      calendarAppointment({ status: 'rescheduled', rescheduledAppointment: next.id, title: 'The old one' }),
    )
    expect(tab('reschedule').disabled).to.equal(true)
    q('.notice-rescheduled .open-new')!.click()
    await waitUntil(() => q('.detail-title')?.textContent === 'The new one')
  })

  it('goes back to the details tab when the appointment turns read-only while it is open', async () => {
    await open(calendarAppointment({ startAt: '2026-11-23T12:01:00.000Z' }))
    tab('cancel').click()
    await waitUntil(() => q('sl-tab-panel[name="cancel"][active]'))
    await time.tick(60_000)
    await waitUntil(() => tab('cancel').disabled)
    await waitUntil(() => q('sl-tab-panel[name="details"][active]'), 'the details panel shows')
    expect(q('sl-tab[panel="details"][active]')).to.exist
  })

  it('makes past and in-progress appointments read-only', async () => {
    await open(calendarAppointment({ startAt: '2026-11-23T11:50:00.000Z' }))
    expect(q('.notice-readonly')!.textContent).to.contain('in progress')
    expect(tab('cancel').disabled).to.equal(true)
    await open(calendarAppointment({ startAt: '2026-11-23T10:00:00.000Z', title: 'Earlier' }))
    expect(q('.notice-readonly')!.textContent).to.contain('over')
  })
})
