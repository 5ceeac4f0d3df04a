import { atom } from 'nanostores'
import { VIEW_SWITCH_DELAY_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'

/** The views of the call panel's side menu (SPEC §2 "Call panel"). */
export const CALL_VIEWS = [
  'info',
  'agent-form',
  'fileshare',
  'chat',
  'capture',
  'custom-apps',
  'authorizations',
] as const
/** A call-panel view. */
export type CallView = (typeof CALL_VIEWS)[number]

/** The view on screen; info is the default. */
export const $callView = atom<CallView>('info')

/** The view asked for while a switch waits for the 500 ms gap (null when none waits). */
export const $pendingCallView = atom<CallView | null>(null)

let lastSwitchAt = -Infinity
let timer: TimerId | undefined

function apply(view: CallView): void {
  $pendingCallView.set(null)
  timer = undefined
  lastSwitchAt = clock.now()
  $callView.set(view)
}

/**
 * Shows a view. Switches are at least 500 ms apart (SPEC §2): a switch asked for sooner waits for the
 * rest of the gap, and the last view asked for wins.
 *
 * @example
 * showCallView('chat')
 */
export function showCallView(view: CallView): void {
  clock.clearTimeout(timer)
  if (view === $callView.get()) {
    $pendingCallView.set(null)
    timer = undefined
    return
  }
  const wait = lastSwitchAt + VIEW_SWITCH_DELAY_MS - clock.now()
  if (wait <= 0) return apply(view)
  $pendingCallView.set(view)
  timer = clock.setTimeout(() => apply(view), wait)
}

/** Back to the info view, with no switch pending (a call starts or ends). */
export function resetCallView(): void {
  clock.clearTimeout(timer)
  timer = undefined
  lastSwitchAt = -Infinity
  $pendingCallView.set(null)
  $callView.set('info')
}
