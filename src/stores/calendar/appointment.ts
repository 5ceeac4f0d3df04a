import { atom } from 'nanostores'
import { AppointmentReplySchema, type Appointment } from '../../protocol'
import { isUnanswered, SocketRequestError } from '../../services/socket'
import { realtime } from '../session/connection'
import { applyAppointment } from './calendar'
import { reportCalendarActivity } from './calendar-activity'
import { keepGap, type TimeRange } from '../../lib/booking-window'
import { canOpen } from './appointment-rules'
import { onLogout } from '../session/logout'
import { notify } from '../app/toasts'
import type { MessageId } from '../app/i18n'
import { $linkOnline } from '../session/link-state'

/** The appointment open in the detail drawer. */
export interface OpenAppointment {
  id: string
  /** `loading` may already carry the copy the grid had, so the drawer never opens empty. */
  status: 'loading' | 'ready' | 'failed'
  appointment: Appointment | null
  /** Status code of the last failed load. */
  error: number | null
  /** Start and end as edited in the reschedule tab, not yet saved (epoch ms). */
  draft: TimeRange | null
  /** The action on its way, if any. */
  busy: 'save' | 'cancel' | 'join' | null
}

/** The appointment the detail drawer shows, or null when it is closed. */
export const $openAppointment = atom<OpenAppointment | null>(null)

const codeOf = (failure: unknown) => (failure instanceof SocketRequestError ? failure.code : 500)

function update(id: string, change: Partial<OpenAppointment>): void {
  const open = $openAppointment.get()
  if (open?.id === id) $openAppointment.set({ ...open, ...change })
}

/** Takes a fresh copy from the server into the drawer (when it shows it) and the grid. */
export function receiveAppointment(appointment: Appointment): void {
  applyAppointment(appointment)
  update(appointment.id, { status: 'ready', appointment, error: null })
}

/** Fetches the open appointment again (after a meeting ended, a retry). */
export async function reloadOpenAppointment(): Promise<void> {
  const open = $openAppointment.get()
  if (!open) return
  update(open.id, { status: open.appointment ? open.status : 'loading', error: null })
  try {
    const { appointment } = await realtime().request(
      'appointments:get',
      { appointment: open.id },
      AppointmentReplySchema,
    )
    receiveAppointment(appointment)
  } catch (failure) {
    update(open.id, { status: 'failed', error: codeOf(failure) })
  }
}

/**
 * After a change left without an answer, shows what the server has: it asks again at once (on the same
 * link, behind the change, so the answer includes it) and once more when a link that dropped is back.
 */
function askAgainAfterNoAnswer(id: string): void {
  void reloadOpenAppointment()
  const stops = [
    $linkOnline.listen((online) => {
      if (!online) return
      stop()
      void reloadOpenAppointment()
    }),
    $openAppointment.listen((open) => open?.id !== id && stop()),
  ]
  const stop = () => stops.forEach((each) => each())
}

/**
 * Tells the agent why a change of the open appointment failed: refused (with its code), or left without an
 * answer, when it may have gone through and the drawer asks the server what it has.
 */
function changeFailed(
  id: string,
  failure: unknown,
  messages: { refused: MessageId; unanswered: MessageId },
): void {
  const code = codeOf(failure)
  // The server may have done it, its answer late on a stalled link.
  if (isUnanswered(failure)) {
    notify({ variant: 'warning', messageId: messages.unanswered })
    askAgainAfterNoAnswer(id)
  } else notify({ variant: 'danger', messageId: messages.refused, values: { code } })
}

/**
 * Opens the detail drawer on an appointment (from the grid, a notification or a link to the new one of
 * a rescheduled appointment). External appointments are never opened: returns false for them.
 *
 * @example
 * openAppointment(appointment) || console.info('external: no detail')
 */
export function openAppointment(target: Appointment | string): boolean {
  const known = typeof target === 'string' ? null : target
  if (known && !canOpen(known)) return false
  const id = typeof target === 'string' ? target : target.id
  $openAppointment.set({
    id,
    status: 'loading',
    appointment: known,
    error: null,
    draft: null,
    busy: null,
  })
  reportCalendarActivity({ kind: 'opened', appointmentId: id })
  void reloadOpenAppointment()
  return true
}

/** Closes the detail drawer, dropping unsaved edits. */
export function closeAppointment(): void {
  $openAppointment.set(null)
}

function editTimes(value: number, changed: 'start' | 'end'): void {
  const open = $openAppointment.get()
  if (!open?.appointment) return
  const base = open.draft ?? {
    start: Date.parse(open.appointment.startAt),
    end: Date.parse(open.appointment.endAt),
  }
  const edited = changed === 'start' ? { ...base, start: value } : { ...base, end: value }
  update(open.id, { draft: keepGap(edited, changed) })
}

/** Moves the start being edited; an end less than 5 minutes after it follows (start + 5 min). */
export function editAppointmentStart(start: number): void {
  editTimes(start, 'start')
}

/** Moves the end being edited; a start less than 5 minutes before it follows (end − 5 min). */
export function editAppointmentEnd(end: number): void {
  editTimes(end, 'end')
}

/** Forgets the unsaved edits of start and end. */
export function discardAppointmentEdits(): void {
  const open = $openAppointment.get()
  if (open) update(open.id, { draft: null })
}

/** Saves the edited start and end (`appointments:patch`); true when the server agreed. */
export async function saveAppointmentTimes(): Promise<boolean> {
  const open = $openAppointment.get()
  if (!open?.draft || open.busy) return false
  update(open.id, { busy: 'save' })
  try {
    const { appointment } = await realtime().request(
      'appointments:patch',
      {
        id: open.id,
        startAt: new Date(open.draft.start).toISOString(),
        endAt: new Date(open.draft.end).toISOString(),
      },
      AppointmentReplySchema,
    )
    receiveAppointment(appointment)
    update(open.id, { draft: null, busy: null })
    notify({ variant: 'success', messageId: 'calendar.detail.saved' })
    reportCalendarActivity({ kind: 'updated', appointmentId: open.id })
    return true
  } catch (failure) {
    update(open.id, { busy: null })
    changeFailed(open.id, failure, {
      refused: 'calendar.errors.save',
      unanswered: 'calendar.errors.saveNoAnswer',
    })
    return false
  }
}

/** Cancels the open appointment with a reason (`appointments:remove`); true when the server agreed. */
export async function cancelAppointment(reason: string): Promise<boolean> {
  const open = $openAppointment.get()
  if (!open || open.busy || !reason.trim()) return false
  update(open.id, { busy: 'cancel' })
  try {
    const { appointment } = await realtime().request(
      'appointments:remove',
      { id: open.id, cancelReason: reason.trim() },
      AppointmentReplySchema,
    )
    receiveAppointment(appointment)
    update(open.id, { busy: null })
    notify({ variant: 'success', messageId: 'calendar.detail.canceled' })
    reportCalendarActivity({ kind: 'canceled', appointmentId: open.id })
    return true
  } catch (failure) {
    update(open.id, { busy: null })
    changeFailed(open.id, failure, {
      refused: 'calendar.errors.cancel',
      unanswered: 'calendar.errors.cancelNoAnswer',
    })
    return false
  }
}

/** Marks the open appointment busy joining (the meeting store does the joining). */
export function setAppointmentBusy(id: string, busy: OpenAppointment['busy']): void {
  update(id, { busy })
}

onLogout(closeAppointment)
