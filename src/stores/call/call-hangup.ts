import * as v from 'valibot'
import type { MeetingHangup } from '../../protocol'
import { isNotSent, isUnanswered, SocketRequestError } from '../../services/socket'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { requestFocus } from '../app/focus-request'
import { $call, $hangingUp, setHangingUp } from './call-state'
import { endCall } from './call-end'
import { showCallView } from './call-views'
import { formAllowsHangup } from './call-form'
import { stopRecording } from './recording'

/** What a hang-up came to. */
export type HangupOutcome = 'ended' | 'blocked' | 'refused' | 'none'

/** A refusal of the server (ack error or `hangup:error`). */
export type RefusedHangup = {
  message: string
  errors?: readonly { code: string; message: string }[] | undefined
}

/** The message of a refused hang-up: the first error code's translation (mandatoryTags), else the plain message. */
function showHangupError(error: RefusedHangup): void {
  const first = error.errors?.[0]
  if (first?.code === 'mandatoryTags')
    notify({ variant: 'warning', messageId: 'call.hangup.mandatoryTags', key: 'hangup' })
  else
    notify({
      variant: 'warning',
      messageId: 'call.hangup.error',
      values: { message: first?.message ?? error.message },
      key: 'hangup',
    })
}

/**
 * Hangs up: blocked while the agent form is invalid (the warning of SPEC §5 and the form view open);
 * a recording is stopped and its upload finished first; in a meeting `meeting:hangup`, else `hangup`. A refusal of the server shows its first error.
 * `status` (attended or pending) is the one both events accept.
 *
 * @example
 * if ((await hangUp()) === 'ended') console.log('bye')
 */
export async function hangUp(status?: MeetingHangup['status']): Promise<HangupOutcome> {
  const active = $call.get()
  if (!active || $hangingUp.get()) return 'none'
  if (active.kind === 'call' && !formAllowsHangup()) {
    notify({ variant: 'warning', messageId: 'call.hangup.formInvalid', key: 'hangup' })
    showCallView('agent-form')
    // The keyboard goes where the refusal is, not left on Hang up many Tabs away.
    requestFocus('agent-form')
    return 'blocked'
  }
  setHangingUp(true)
  // A recording stops first and its last chunk is acknowledged (bounded) before the call ends.
  await stopRecording()
  const payload = status ? { status } : {}
  try {
    if (active.kind === 'meeting') await realtime().request('meeting:hangup', payload, v.null())
    else await realtime().request('hangup', payload, v.null())
  } catch (error) {
    setHangingUp(false)
    // The socket's own failures have no message for the agent: say what they mean.
    if (isUnanswered(error)) notify({ variant: 'warning', messageId: 'call.hangup.noAnswer', key: 'hangup' })
    else if (isNotSent(error)) notify({ variant: 'warning', messageId: 'call.hangup.notSent', key: 'hangup' })
    else if (error instanceof SocketRequestError) showHangupError(error)
    else notify({ variant: 'danger', messageId: 'call.hangup.error', values: { message: String(error) } })
    return 'refused'
  }
  // `end` normally came first; a meeting waits for its `meeting:ended` (it carries the appointment).
  if (active.kind === 'call') endCall({ callId: active.id, reason: 'hangup' })
  setHangingUp(false)
  return 'ended'
}

/** A hang-up refused without an acknowledgement (`hangup:error`, `meeting:hangup:error`). */
export function hangupRefused(error: RefusedHangup): void {
  setHangingUp(false)
  if ($call.get()) showHangupError(error)
}
