import { atom, computed } from 'nanostores'
import {
  AVAILABLE_STATUS,
  AgentStatusUpdateSchema,
  DISCONNECTED_STATUS,
  KNOWN_STATUS_IDS,
  type AgentStatusUpdate,
  type StatusOption,
} from '../../protocol'
import { DISCONNECTION_LOG_MAX } from '../../constants'
import { clock } from '../../services/clock'
import { isNotSent, isUnanswered, SocketRequestError } from '../../services/socket'
import { $busyInCall, HangupKept, hangupActive } from './activity'
import { realtime } from '../session/connection'
import { onLogout } from '../session/logout'
import type { MessageId } from '../app/i18n'
import { alertAgent, translate } from '../profile/notifications'
import { $statusOptions } from '../profile/settings'

const OFFLINE: AgentStatusUpdate = {
  online: false,
  available: false,
  inCall: false,
  status: DISCONNECTED_STATUS,
}

/** The agent's status as the server last told it (`agent:status:update`), or disconnected. */
export const $agentStatus = atom<AgentStatusUpdate>(OFFLINE)

/** The option of the current status, if the settings list it. */
export const $currentStatusOption = computed(
  [$agentStatus, $statusOptions],
  (status, options): StatusOption | undefined => options.find((option) => option.id === status.status),
)

/**
 * The translated name of a status the console knows (SPEC §3), or null for an account's own status,
 * which shows its own label.
 *
 * @example
 * statusMessageId('break') // 'status.names.break'
 */
export function statusMessageId(id: string): MessageId | null {
  return (KNOWN_STATUS_IDS as readonly string[]).includes(id) ? (`status.names.${id}` as MessageId) : null
}

/** The label of a status in the session's language. */
export function statusLabel(id: string): string {
  const known = statusMessageId(id)
  if (known) return translate(known)
  return $statusOptions.get().find((option) => option.id === id)?.label ?? id
}

/** A status change is on its way to the server. */
export const $statusChanging = atom(false)

/** One entry of the disconnection log. */
export interface Disconnection {
  /** When it happened (ms since the epoch). */
  at: number
  /** The transport's reason or the error code. */
  reason: string
}

/** Every disconnection of this session, oldest first, at most 3600 (SPEC §9). */
export const $disconnectionLog = atom<readonly Disconnection[]>([])

/**
 * Keeps a status update from the server (the realtime session calls this).
 *
 * @example
 * realtime().on('agent:status:update', receiveAgentStatus)
 */
export function receiveAgentStatus(update: AgentStatusUpdate): void {
  const current = $agentStatus.get()
  // The ack of `status` and the broadcast `agent:status:update` carry the same change: keep it once.
  if (
    current.status === update.status &&
    current.online === update.online &&
    current.available === update.available &&
    current.inCall === update.inCall
  )
    return
  $agentStatus.set(update)
}

/**
 * The link dropped: logs it and, unless a call is active (it goes on through the grace period),
 * marks the agent disconnected and unavailable.
 *
 * @example
 * markDisconnected('transport close')
 */
export function markDisconnected(reason: string): void {
  const log = [...$disconnectionLog.get(), { at: clock.now(), reason }]
  $disconnectionLog.set(log.length > DISCONNECTION_LOG_MAX ? log.slice(-DISCONNECTION_LOG_MAX) : log)
  if (!$busyInCall.get()) $agentStatus.set(OFFLINE)
}

/**
 * Changes the agent's status. During a call or meeting it hangs up first (SPEC §4); then the server
 * confirms with the new status and the agent sees a note (success when available, info otherwise).
 * Resolves false when the change did not happen (the hang-up or the server refused).
 *
 * @example
 * await changeStatus('available')
 */
export async function changeStatus(status: string): Promise<boolean> {
  if ($statusChanging.get() || status === $agentStatus.get().status) return false
  $statusChanging.set(true)
  try {
    if ($busyInCall.get()) await hangupActive()
    const update = await realtime().request('status', { status }, AgentStatusUpdateSchema)
    receiveAgentStatus(update)
    alertAgent({
      variant: status === AVAILABLE_STATUS ? 'success' : 'primary',
      messageId: 'status.changed',
      values: { status: statusLabel(status) },
      key: 'status-changed',
    })
    return true
  } catch (error) {
    // The call stays (its hang-up said why): so does the status, with nothing more to say.
    if (error instanceof HangupKept) return false
    console.warn('[agent-console] status change failed', error)
    const code = error instanceof SocketRequestError ? error.code : 0
    alertAgent({
      variant: 'danger',
      // No answer: the server may have the new status, and its update shows it when it comes.
      messageId: isUnanswered(error)
        ? 'status.changeNoAnswer'
        : isNotSent(error)
          ? 'status.changeNotSent'
          : 'status.changeFailed',
      values: { code },
      key: 'status-changed',
    })
    return false
  } finally {
    $statusChanging.set(false)
  }
}

onLogout(() => {
  $agentStatus.set(OFFLINE)
  $disconnectionLog.set([])
  $statusChanging.set(false)
})
