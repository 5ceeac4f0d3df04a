import * as v from 'valibot'
import { atom } from 'nanostores'
import { CAPTURE_ANSWER_TIMEOUT_MS, CAPTURE_LOCK_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { isNotSent } from '../../services/socket'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import type { ExchangeEvents } from '../../services/transfer/file-exchange'
import { $beamports, beamportExchange } from './beamport'
import { onCallCleanup } from './call-scope'
import { saveToServer } from './file-save'
import { TransferList } from './transfer-list'

const captures = new TransferList()

/** The capture gallery: the customer's screen captures, oldest first (`at` is when each was taken). */
export const $captures = captures.$items

/**
 * The 'Capturar' button's lock: on for 1 s after each shot (SPEC §9), and while the customer has not
 * answered the shot yet (asked to share the screen, or the capture on its way).
 */
export const $captureLock = atom<{ locked: boolean; awaiting: boolean }>({ locked: false, awaiting: false })

let lockTimer: TimerId | undefined
let answerTimer: TimerId | undefined
let lockOver = true

function publish(awaiting: boolean): void {
  $captureLock.set({ locked: awaiting || !lockOver, awaiting })
}

/** The customer answered (a capture arrived, or a refusal): the button unlocks once the 1 s is over. */
function answered(): void {
  clock.clearTimeout(answerTimer)
  answerTimer = undefined
  publish(false)
}

captures.onIncoming = answered

/** What the capture channel's exchange with a peer does: captures to the gallery, refusals to a note. */
export function captureExchangeEvents(peerId: string): ExchangeEvents {
  return {
    ...captures.events(peerId),
    captureError: (reason) => {
      answered()
      notify({
        variant: 'warning',
        messageId: reason === 'denied' ? 'call.capture.refused' : 'call.capture.failed',
      })
    },
  }
}

/**
 * Asks the customer's page for a capture of their screen (`capture:shot`); the image comes back on the
 * capture channel. Does nothing while the button is locked or the channel is not open.
 *
 * @example
 * takeCapture()
 */
export function takeCapture(): void {
  if ($captureLock.get().locked || $beamports.get().capture.phase !== 'open') return
  lockOver = false
  publish(true)
  clock.clearTimeout(lockTimer)
  lockTimer = clock.setTimeout(() => {
    lockOver = true
    publish($captureLock.get().awaiting)
  }, CAPTURE_LOCK_MS)
  clock.clearTimeout(answerTimer)
  answerTimer = clock.setTimeout(() => {
    answerTimer = undefined
    publish(false)
    notify({ variant: 'warning', messageId: 'call.capture.noAnswer' })
  }, CAPTURE_ANSWER_TIMEOUT_MS)
  realtime()
    .request('capture:shot', {}, v.null())
    .catch((error: unknown) => {
      answered()
      // With the link down the request never left: the customer did not fail, the console is offline.
      notify(
        isNotSent(error)
          ? { variant: 'warning', messageId: 'call.capture.notSent' }
          : { variant: 'danger', messageId: 'call.capture.failed' },
      )
    })
}

/** Saves a capture on the server like a file. */
export function saveCapture(id: string): Promise<void> {
  return saveToServer(captures, id)
}

/** An object URL of a capture (an image) for the gallery, the full-size preview and download. */
export function captureUrl(id: string): string | null {
  return captures.url(id)
}

/** Deletes a capture from the gallery. */
export function deleteCapture(id: string): void {
  const item = captures.item(id)
  if (!item || item.state === 'deleted' || item.state === 'saving') return
  beamportExchange('capture', item.peerId).forget(id)
  captures.release(id)
}

/** Forgets the gallery and unlocks the button (the call ended). */
export function resetCapture(): void {
  clock.clearTimeout(lockTimer)
  clock.clearTimeout(answerTimer)
  lockTimer = answerTimer = undefined
  lockOver = true
  captures.reset()
  publish(false)
}

onCallCleanup(resetCapture)
