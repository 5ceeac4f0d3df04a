/**
 * The manage page's "Move it" panel: a month (previous/next, never before the current one), its days
 * with a free time, the free times of the chosen day, and the confirm button. Times are asked for and
 * shown in the browser's zone. Focus follows the choice: a day → its first time → the confirm button.
 */
import type { DayItem, HourItem } from '../../src/protocol/appointments'
import type { PublicAppointment } from '../../src/protocol/customer-appointments'
import { failureText, freeDays, freeHours, moveAppointment, type ApiFailure } from './appointment-api'
import {
  browserZone,
  dayOf,
  formatDate,
  formatMoment,
  formatMonth,
  formatTime,
  monthOf,
  todayIn,
} from './appointment-format'
import { t } from './i18n'
import { monthGrid } from './month-grid'
import { byId } from './view'

/** What the panel tells the page. */
export interface MovePanelEvents {
  /** The appointment was moved: `appointment` is the new one. */
  moved(appointment: PublicAppointment): void
  /** The server refused because the appointment itself changed (409 on it): the page looks again. */
  stale(): Promise<boolean>
  /** A sentence for the page's status line (aria-live). */
  say(text: string, tone?: 'news' | 'problem'): void
  /** The customer goes back without moving it. */
  back(): void
}

/** A day or a time to choose: short text, the full date (and time) as its name, its value as data. */
function choiceButton(
  content: (string | Node)[],
  name: string,
  data: Record<string, string>,
  onClick: () => void,
): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.append(...content)
  Object.assign(button.dataset, data)
  button.setAttribute('aria-label', name)
  button.setAttribute('aria-pressed', 'false')
  button.addEventListener('click', onClick)
  return button
}

function press(container: HTMLElement, chosen: HTMLButtonElement): void {
  for (const button of container.querySelectorAll('button'))
    button.setAttribute('aria-pressed', String(button === chosen))
}

/**
 * The "Move it" panel, driven by the page: `open` shows it on the current month, `close` hides it.
 * It moves the appointment of `code()` and tells the page through `events`.
 */
export class MovePanel {
  readonly #zone = browserZone()
  /** The first day (YYYY-MM-01) of the month shown. */
  #month = monthOf(todayIn(this.#zone))
  #day: string | null = null
  #hour: HourItem | null = null
  /** Bumped by each load: an answer to an older one is dropped (the customer moved on). */
  #loads = 0
  #busy = false

  constructor(
    private readonly code: () => string,
    private readonly events: MovePanelEvents,
  ) {
    byId('month-previous').addEventListener('click', () => this.#showMonth(monthOf(this.#month, -1)))
    byId('month-next').addEventListener('click', () => this.#showMonth(monthOf(this.#month, 1)))
    byId('move-confirm').addEventListener('click', () => void this.#confirm())
    byId('move-back').addEventListener('click', () => this.events.back())
  }

  /** Shows the panel on the current month and reads its free days. */
  open(): void {
    byId('move-panel').hidden = false
    byId('move-title').focus()
    void this.#showMonth(monthOf(todayIn(this.#zone)))
  }

  /** Hides the panel (its choices are dropped). */
  close(): void {
    this.#loads += 1
    byId('move-panel').hidden = true
  }

  async #showMonth(month: string): Promise<void> {
    const current = monthOf(todayIn(this.#zone))
    this.#month = month < current ? current : month
    const previous = byId<HTMLButtonElement>('month-previous')
    const hadFocus = document.activeElement === previous
    previous.disabled = this.#month <= current
    // A disabled button loses the focus: it goes to the other arrow, not to the page's start.
    if (hadFocus && previous.disabled) byId('month-next').focus()
    byId('month-label').textContent = formatMonth(this.#month)
    this.#chooseDay(null)
    const load = ++this.#loads
    const days = byId('days')
    days.replaceChildren()
    byId('days-note').textContent = t('customerPage.move.looking')
    const result = await freeDays(this.code(), this.#month, this.#zone)
    if (load !== this.#loads) return
    if (!result.ok) return this.#failed(result, 'days-note', () => void this.#showMonth(this.#month))
    byId('days-note').textContent = result.data.length
      ? ''
      : t('customerPage.move.noneInMonth', { month: formatMonth(this.#month) })
    days.replaceChildren(
      ...monthGrid(this.#month, new Map(result.data.map((item) => [item.day, this.#dayButton(item)]))),
    )
  }

  #dayButton(item: DayItem): HTMLButtonElement {
    const date = dayOf(this.#month, item.day)
    // The number as seen, the full date as its name (which holds the number: "click 12" finds it).
    const button = choiceButton([String(item.day)], formatDate(item.utc, this.#zone), { date }, () => {
      press(byId('days'), button)
      void this.#showHours(date, item.utc)
    })
    return button
  }

  #chooseDay(date: string | null): void {
    this.#day = date
    this.#chooseHour(null)
    byId('hours').replaceChildren()
    byId('hours-note').textContent = ''
    byId('hours-title').hidden = date === null
  }

  #chooseHour(hour: HourItem | null): void {
    this.#hour = hour
    const confirm = byId<HTMLButtonElement>('move-confirm')
    confirm.hidden = hour === null
    confirm.textContent = hour
      ? t('customerPage.move.moveTo', { when: formatMoment(hour.utc, this.#zone) })
      : ''
  }

  /** Reads the free times of `date`; with `focus`, the first one takes the focus. */
  async #showHours(date: string, someInstant: string, focus = true): Promise<void> {
    this.#chooseDay(date)
    byId('hours-title').textContent = t('customerPage.move.hoursOn', {
      date: formatDate(someInstant, this.#zone),
    })
    const load = ++this.#loads
    byId('hours-note').textContent = t('customerPage.move.looking')
    const result = await freeHours(this.code(), date, this.#zone)
    if (load !== this.#loads) return
    if (!result.ok)
      return this.#failed(result, 'hours-note', () => void this.#showHours(date, someInstant, focus))
    const hours = byId('hours')
    byId('hours-note').textContent = result.data.length ? '' : t('customerPage.move.noneThatDay')
    for (const item of result.data) {
      const button = choiceButton(
        [formatTime(item.utc, this.#zone)],
        formatMoment(item.utc, this.#zone),
        { utc: item.utc },
        () => {
          press(hours, button)
          this.#chooseHour(item)
          byId('move-confirm').focus()
        },
      )
      hours.append(button)
    }
    if (focus) hours.querySelector('button')?.focus()
  }

  /** A failed read: a 409 means the appointment changed (the page looks again), else a retry button. */
  async #failed(result: ApiFailure, noteId: string, retry: () => void): Promise<void> {
    if (result.status === 409 && (await this.events.stale())) return
    const note = byId(noteId)
    note.textContent = t('customerPage.move.readFailed', { problem: failureText(result) })
    const again = document.createElement('button')
    again.type = 'button'
    again.className = 'secondary retry'
    again.textContent = t('customerPage.manage.retry')
    again.addEventListener('click', retry)
    byId(noteId === 'days-note' ? 'days' : 'hours').replaceChildren(again)
  }

  async #confirm(): Promise<void> {
    const hour = this.#hour
    const day = this.#day
    if (!hour || !day || this.#busy) return
    const confirm = byId<HTMLButtonElement>('move-confirm')
    // aria-disabled, not disabled: a disabled button would drop the focus to the page's start.
    this.#busy = true
    confirm.setAttribute('aria-disabled', 'true')
    this.events.say(t('customerPage.move.moving'))
    const result = await moveAppointment(this.code(), hour.utc)
    this.#busy = false
    confirm.removeAttribute('aria-disabled')
    if (result.ok) return this.events.moved(result.data)
    if (result.status === 409 || result.status === 422) {
      // 409 is also "the appointment cannot change any more": the page looks again, and says so.
      if (result.status === 409 && (await this.events.stale())) return
      this.events.say(
        t(result.status === 409 ? 'customerPage.move.taken' : 'customerPage.move.unbookable'),
        'problem',
      )
      return void this.#showHours(day, hour.utc)
    }
    // Offline or refused: everything stays as it is, so the customer can try again.
    this.events.say(t('customerPage.move.notMoved', { problem: failureText(result) }), 'problem')
  }
}
