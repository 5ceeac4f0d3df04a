/**
 * The customer's page of an appointment, opened from its modify link (`customer.html?modify=<code>`):
 * it shows the appointment in the browser's zone and lets the customer join it, move it to another
 * free time or cancel it. No camera, no socket: plain HTTP to the public appointment routes. Every
 * text from the server goes in as text, never as markup.
 */
import { MAX_CUSTOMER_CANCEL_REASON, type PublicAppointment } from '../../src/protocol/customer-appointments'
import { cancelAppointment, failureText, loadAppointment } from './appointment-api'
import { browserZone, formatMoment, formatSpan, formatZone } from './appointment-format'
import { t, tNodes } from './i18n'
import { MovePanel } from './move-panel'
import { byId } from './view'

/** Where the manage page is: loading, showing the appointment, moving or canceling it, or no use. */
export type ManageScreen = 'loading' | 'details' | 'move' | 'cancel' | 'invalid' | 'unavailable'

/** What tests read of the manage page. */
export interface ManageState {
  screen: ManageScreen
  /** The appointment as the server last told it (after a move, the new one). */
  appointment: PublicAppointment | null
}
declare global {
  interface Window {
    manageState: ManageState
  }
}

const state: ManageState = { screen: 'loading', appointment: null }
window.manageState = state
const zone = browserZone()
const linkCode = new URLSearchParams(location.search).get('modify') ?? ''
/** The code the page acts with: the appointment's own once known (a moved link's is the new one's). */
const code = () => state.appointment?.code ?? linkCode

// Line breaks and tabs stay; other control characters (the server refuses them) are dropped.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

const movePanel = new MovePanel(code, {
  moved: (appointment) => {
    settle(appointment, t('customerPage.manage.movedTo', { when: formatMoment(appointment.startAt, zone) }))
  },
  stale: () => reloadChanged(),
  say,
  back: () => backTo('manage-move'),
})

/** The status line (aria-live): what happened, or (a `problem`, drawn as a warning) what went wrong. */
function say(text: string, tone: 'news' | 'problem' = 'news'): void {
  const line = byId('manage-status')
  line.textContent = text
  line.dataset.tone = tone
}

/** A join link worth following: http(s) only, whatever the server sent. */
function safeHref(url: string | null): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url, location.href)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

const started = (appointment: PublicAppointment) => Date.parse(appointment.startAt) <= Date.now()
const over = (appointment: PublicAppointment) => Date.parse(appointment.endAt) <= Date.now()
/** Pending and under way: the customer may join it, no longer change it. */
const inProgress = (appointment: PublicAppointment) =>
  appointment.status === 'pending' && !appointment.changeable && started(appointment) && !over(appointment)

/** The sentence that says where the appointment stands (empty when it is simply booked). */
function standing(appointment: PublicAppointment): string {
  const moved = appointment.moved
    ? t('customerPage.manage.wasMovedTo', { when: formatMoment(appointment.startAt, zone) })
    : ''
  if (appointment.status === 'canceled') return t('customerPage.manage.canceled')
  if (appointment.status === 'rescheduled') return t('customerPage.manage.rescheduled')
  // The server's word first: this browser's clock may be off.
  if (appointment.changeable) return moved
  if (appointment.status === 'attended' || over(appointment)) return t('customerPage.manage.over')
  const why = t(
    inProgress(appointment)
      ? safeHref(appointment.joinUrl)
        ? 'customerPage.manage.startedJoin'
        : 'customerPage.manage.started'
      : 'customerPage.manage.locked',
  )
  // Two sentences side by side: each one is whole in every language.
  return moved ? `${moved} ${why}` : why
}

/** The link's code becomes `next` (a reload, a bookmark, then open the appointment as it is now). */
function keepCode(next: string): void {
  const url = new URL(location.href)
  if (!next || url.searchParams.get('modify') === next) return
  url.searchParams.set('modify', next)
  history.replaceState(history.state, '', url)
}

/** Draws the page from `state`. */
function render(): void {
  const appointment = state.appointment
  const shown = !!appointment && state.screen !== 'invalid' && state.screen !== 'unavailable'
  byId('manage-details').hidden = !shown
  byId('manage-retry').hidden = state.screen !== 'unavailable'
  byId('cancel-panel').hidden = state.screen !== 'cancel'
  if (state.screen !== 'move') movePanel.close()
  if (!appointment || !shown) {
    byId('manage-actions').hidden = true
    return
  }
  byId('manage').dataset.status = appointment.status
  byId('manage-when').textContent = formatSpan(appointment.startAt, appointment.endAt, zone)
  const agent = document.createElement('strong')
  agent.textContent = appointment.agent
  byId('manage-what').replaceChildren(
    ...(appointment.service
      ? tNodes('customerPage.manage.serviceWithAgent', { service: appointment.service, agent })
      : tNodes('customerPage.manage.withAgent', { agent })),
  )
  const zoneNote = byId('manage-zone')
  zoneNote.hidden = zone === appointment.timezone
  const booked = formatZone(appointment.timezone)
  zoneNote.textContent = t('customerPage.manage.zone', { zone: formatZone(zone), booked })

  const join = byId<HTMLAnchorElement>('manage-join')
  const href = safeHref(appointment.joinUrl)
  join.hidden = !href || !(appointment.changeable || inProgress(appointment))
  if (href) join.href = href
  byId('manage-move').hidden = !appointment.changeable
  byId('manage-cancel').hidden = !appointment.changeable
  byId('manage-actions').hidden = state.screen !== 'details' || (join.hidden && !appointment.changeable)
}

/** Back from a panel to the appointment, the focus on the button that opened the panel. */
function backTo(opener: string): void {
  goTo('details')
  if (state.appointment) say(standing(state.appointment))
  byId(opener).focus()
}

function goTo(screen: ManageScreen): void {
  state.screen = screen
  document.body.dataset.manage = screen
  render()
}

/** The server's answer after a change: drawn, the link's code kept, the focus on the heading. */
function settle(appointment: PublicAppointment, sentence: string, tone?: 'news' | 'problem'): void {
  state.appointment = appointment
  keepCode(appointment.code)
  goTo('details')
  say(sentence, tone)
  byId('manage-title').focus()
}

/**
 * After a 409: looks at the appointment again. If it cannot change any more (canceled or moved by the
 * agent, started), the page shows that and says true; false when it still could (a time was taken).
 */
async function reloadChanged(): Promise<boolean> {
  const result = await loadAppointment(code())
  if (!result.ok) return false
  const before = state.appointment
  if (result.data.changeable && result.data.code === before?.code) return false
  const changed = `${t('customerPage.manage.changedMeanwhile')} ${standing(result.data)}`.trim()
  settle(result.data, changed, 'problem')
  return true
}

async function load(): Promise<void> {
  goTo('loading')
  say(t('customerPage.manage.loading'))
  if (!linkCode) return invalid()
  const result = await loadAppointment(linkCode)
  if (!result.ok && (result.status === 404 || result.status === 400)) return invalid()
  if (!result.ok) {
    goTo('unavailable')
    return say(t('customerPage.manage.loadFailed', { problem: failureText(result) }), 'problem')
  }
  state.appointment = result.data
  keepCode(result.data.code)
  goTo('details')
  say(standing(result.data))
}

function invalid(): void {
  state.appointment = null
  goTo('invalid')
  say(t('customerPage.link.invalid'), 'problem')
}

const cancelForm = byId<HTMLFormElement>('cancel-panel')
const reason = byId<HTMLTextAreaElement>('cancel-reason')
reason.maxLength = MAX_CUSTOMER_CANCEL_REASON
let canceling = false
cancelForm.addEventListener('submit', (event) => {
  event.preventDefault()
  void cancel()
})

async function cancel(): Promise<void> {
  if (canceling) return
  canceling = true
  // aria-disabled, not disabled: a disabled button would drop the focus to the page's start.
  const confirm = byId<HTMLButtonElement>('cancel-confirm')
  confirm.setAttribute('aria-disabled', 'true')
  say(t('customerPage.manage.canceling'))
  const result = await cancelAppointment(code(), reason.value.replace(CONTROL_CHARACTERS, '').trim())
  canceling = false
  confirm.removeAttribute('aria-disabled')
  if (result.ok) return settle(result.data, t('customerPage.manage.canceledNow'))
  if (result.status === 409 && (await reloadChanged())) return
  // Offline or refused: the form keeps the reason, so the customer can try again.
  say(t('customerPage.manage.notCanceled', { problem: failureText(result) }), 'problem')
}

byId('manage-move').addEventListener('click', () => {
  goTo('move')
  movePanel.open()
})
byId('manage-cancel').addEventListener('click', () => {
  goTo('cancel')
  reason.focus()
})
byId('cancel-back').addEventListener('click', () => backTo('manage-cancel'))
byId('manage-retry').addEventListener('click', () => {
  // The button hides once loaded: the focus goes to the heading rather than to the page's start.
  void load().then(() => byId('manage-title').focus())
})

// main.ts already shows the manage screen, before the page is drawn.
document.title = t('customerPage.manage.documentTitle')
await load()
