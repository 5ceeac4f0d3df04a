import { atom } from 'nanostores'
import { PERSISTENT, PROTOCOL_ERRORS_KEPT } from '../../constants'
import { clock } from '../../services/clock'
import type { MalformedMessage } from '../../services/socket'
import { notify } from '../app/toasts'
import { onLogout } from './logout'

/** A server message the console dropped, with when (ms since the epoch). */
export interface ProtocolErrorRecord extends MalformedMessage {
  at: number
}

/** The last server message the console had to drop for breaking the contract, or null. */
export const $protocolError = atom<ProtocolErrorRecord | null>(null)

/** The latest dropped server messages, oldest first, at most 100: the diagnostic bundle's list. */
export const $recentProtocolErrors = atom<readonly ProtocolErrorRecord[]>([])

/**
 * A server message broke the contract and was dropped: the agent sees a persistent, translated error
 * naming the message and the field (never a silent dead end), and the elements fire
 * `agent-protocol-error` for the host page.
 *
 * @example
 * reportMalformed({ event: 'inbound', kind: 'event', field: 'ringExpiresAt', reason: 'missing' })
 */
export function reportMalformed(message: MalformedMessage): void {
  const record = { ...message, at: clock.now() }
  $protocolError.set(record)
  $recentProtocolErrors.set([...$recentProtocolErrors.get(), record].slice(-PROTOCOL_ERRORS_KEPT))
  notify({
    variant: 'danger',
    messageId: 'protocol.dropped',
    values: { event: message.event, field: message.field },
    duration: PERSISTENT,
    key: `protocol-${message.event}`,
  })
}

onLogout(() => {
  $protocolError.set(null)
  $recentProtocolErrors.set([])
})
