import { atom } from 'nanostores'
import * as v from 'valibot'
import { TICKET_NOTIFY_LOADING_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { onCallCleanup } from './call-scope'

/** The notify-queue button shows loading (3 s after a press, SPEC §2). */
export const $queueNotifying = atom(false)

let timer: TimerId | undefined

/**
 * Notifies the queue system about the call's ticket (`qms:notify`); the button stays loading 3 s.
 *
 * @example
 * notifyQueue()
 */
export function notifyQueue(): void {
  if ($queueNotifying.get()) return
  $queueNotifying.set(true)
  timer = clock.setTimeout(() => $queueNotifying.set(false), TICKET_NOTIFY_LOADING_MS)
  realtime()
    .request('qms:notify', {}, v.null())
    .then(
      () => notify({ variant: 'success', messageId: 'call.info.queueNotified' }),
      () => notify({ variant: 'danger', messageId: 'call.info.queueNotifyError' }),
    )
}

/** Back to idle (the call ended). */
export function resetQueueNotify(): void {
  clock.clearTimeout(timer)
  $queueNotifying.set(false)
}

onCallCleanup(resetQueueNotify)
