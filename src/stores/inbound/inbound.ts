import { atom, onMount } from 'nanostores'
import {
  CallSchema,
  type AnswerError,
  type CustomerDisconnect,
  type InboundCall,
  type RingEnd,
} from '../../protocol'
import { ANSWER_TIMEOUT_NOTIFICATION_MS } from '../../constants'
import { SocketRequestError } from '../../services/socket'
import { clock } from '../../services/clock'
import { isolateBidi } from '../../lib/bidi'
import { desktopNotificationsWanted, showDesktopNotification } from '../../services/desktop-notifications'
import { setRinging } from '../status/activity'
import { realtime } from '../session/connection'
import { notify, type ToastInput } from '../app/toasts'
import { translate } from '../profile/notifications'
import { joinCall } from '../call/call'
import { $tabRole, mayRingHere } from '../app/tab-role'
import { prepareRingtone, startRingtone, stopRingtone } from '../profile/ringtone'

/** A call ringing at this agent: an inbound call, a transfer or an invitation. */
export interface Ringing {
  call: InboundCall
  /** When it started ringing here (console clock): the queue timer counts on from `call.duration`. */
  receivedAt: number
  /** The agent pressed answer; waiting for the server. */
  answering: boolean
}

/** How a ring ended (SPEC §4 step 2). */
export type RingEndReason =
  'answered' | 'dismissed' | 'timeout' | 'exceeded' | 'customer-left' | 'answer-error' | 'disconnected'

/** The ringing call, or null. */
export const $inbound = atom<Ringing | null>(null)

/** The last end of ringing, for the element's events and the notifications. */
export const $lastRingEnd = atom<{ callId: string; reason: RingEndReason } | null>(null)

/** Queue reasons that keep the ring going: the customer may come back (SPEC §4). */
const SILENT_QUEUE_REASONS: readonly CustomerDisconnect['reason'][] = [
  'ping-timeout',
  'transport-error',
  'queue-assigned',
]

/**
 * A call rings (`inbound`, `invited`, `transferred`): the modal shows, the ringtone loops, and a
 * desktop notification shows when the page is hidden. Only the browser's active console tab rings.
 */
export function ring(call: InboundCall): void {
  if (!mayRingHere()) return
  $inbound.set({ call, receivedAt: clock.now(), answering: false })
  setRinging(true)
  startRingtone()
  // Translating costs a little: only when a desktop notification will show (page hidden).
  if (desktopNotificationsWanted())
    showDesktopNotification(
      translate(call.invitation ? 'call.inbound.invitationTitle' : 'call.inbound.title'),
      call.invitation && call.agent ? call.agent : call.segment.name,
      'inbound',
    )
}

/** Ends the ring: modal and ringtone gone at once. Only the ringing call's own ends count. */
function stopRinging(callId: string, reason: RingEndReason): boolean {
  if ($inbound.get()?.call.id !== callId) return false
  stopRingtone()
  $inbound.set(null)
  setRinging(false)
  $lastRingEnd.set({ callId, reason })
  return true
}

function answerFailed(callId: string, code: number): void {
  if (!stopRinging(callId, 'answer-error')) return
  // A malformed answer (502) already told the agent what broke: "answered by another" would mislead.
  if (code === 502) return
  // No answer in time (408): the server may have given the call to the agent; its `join` opens it.
  const messageId =
    code === 422
      ? 'call.inbound.customerLeftBefore'
      : code === 408
        ? 'call.inbound.answerNoAnswer'
        : 'call.inbound.answeredByAnother'
  notify({ variant: 'warning', messageId })
}

/**
 * Answers the ringing call; on success the agent is in the call. A refusal tells why: 422 the
 * customer left before, 502 the server's reply broke the contract (the protocol error says so),
 * 408 no answer in time (it may have been answered: the server's `join` then opens it), anything else
 * another agent answered (SPEC §8).
 *
 * @example
 * await answerInbound()
 */
export async function answerInbound(): Promise<void> {
  const ringing = $inbound.get()
  if (!ringing || ringing.answering) return
  const callId = ringing.call.id
  $inbound.set({ ...ringing, answering: true })
  stopRingtone()
  try {
    const call = await realtime().request('answer', { callId }, CallSchema)
    stopRinging(callId, 'answered')
    joinCall(call)
  } catch (error) {
    answerFailed(callId, error instanceof SocketRequestError ? error.code : 409)
  }
}

/** Dismisses the ringing call: it goes to the next agent (a transfer or invitation fails `dismissed`). */
export function dismissInbound(): void {
  const ringing = $inbound.get()
  if (!ringing) return
  realtime().emit('dismiss', { callId: ringing.call.id })
  stopRinging(ringing.call.id, 'dismissed')
}

/**
 * What a ring that timed out became, in the agent's words: a queued call (or one transferred to a
 * segment) goes back to its queue; a direct transfer stays with the agent who asked; an invitation
 * just lapses. Telling the agent of a direct transfer that it "went back to the queue" was wrong.
 */
function timeoutMessage(call: InboundCall): Pick<ToastInput, 'messageId' | 'values'> {
  const agent = isolateBidi(call.agent ?? '')
  if (call.invitation) return { messageId: 'call.inbound.timeoutInvitation', values: { agent } }
  if (call.transferred && !call.transferred.segment)
    return { messageId: 'call.inbound.timeoutTransfer', values: { agent } }
  return { messageId: 'call.inbound.timeout' }
}

/** `agent:call:timeout`: nobody answered in time; the note stays 10 s (SPEC §9). */
export function ringTimedOut({ callId }: RingEnd): void {
  const ringing = $inbound.get()
  if (ringing && stopRinging(callId, 'timeout'))
    notify({ variant: 'warning', ...timeoutMessage(ringing.call), duration: ANSWER_TIMEOUT_NOTIFICATION_MS })
}

/** `exceed`: the call passed its queue's time limit. */
export function ringExceeded({ callId }: RingEnd): void {
  if (stopRinging(callId, 'exceeded')) notify({ variant: 'warning', messageId: 'call.inbound.exceeded' })
}

/** `customer:disconnect:queue`: the customer went away, unless the reason says they may come back. */
export function customerLeftQueue({ callId, reason }: CustomerDisconnect): void {
  if (SILENT_QUEUE_REASONS.includes(reason)) return
  if (!stopRinging(callId, 'customer-left')) return
  if (reason === 'abandoned') notify({ variant: 'warning', messageId: 'call.inbound.abandoned' })
  else if (reason === 'left') notify({ variant: 'warning', messageId: 'call.inbound.customerLeft' })
  else notify({ variant: 'warning', messageId: 'call.inbound.customerDisconnected', values: { reason } })
}

/** `answer:error`: the answer was refused after all. */
export function answerRefused({ callId, code }: AnswerError): void {
  answerFailed(callId, code)
}

/** Forgets the ring without telling the server (the session ended). */
export function abandonRinging(): void {
  stopRingtone()
  if ($inbound.get()) $inbound.set(null)
  setRinging(false)
}

onMount($inbound, () => {
  const socket = realtime()
  const stops = [
    // Whether this tab may ring, known before the first ring; the audio engine warmed up meanwhile.
    $tabRole.listen(() => {}),
    prepareRingtone(),
    socket.on('inbound', ring),
    socket.on('invited', ring),
    socket.on('transferred', ring),
    socket.on('agent:call:timeout', ringTimedOut),
    socket.on('exceed', ringExceeded),
    socket.on('customer:disconnect:queue', customerLeftQueue),
    socket.on('answer:error', answerRefused),
    // The link dropped: the server offers the call to someone else, so stop ringing here.
    socket.onLifecycle({
      disconnect: () => {
        const ringing = $inbound.get()
        if (ringing) stopRinging(ringing.call.id, 'disconnected')
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
})
