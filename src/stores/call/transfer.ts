import { atom } from 'nanostores'
import * as v from 'valibot'
import type { TransferError, TransferSuccess, TransferTarget } from '../../protocol'
import { isNotSent, isUnanswered, SocketRequestError } from '../../services/socket'
import type { MessageId } from '../../services/messages'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { $userId } from '../session/session'
import { createPagedList } from '../directory/paged-list'
import { fetchAgents, fetchSegments } from '../directory/agents-directory'
import { onCallCleanup } from './call-scope'

/** The transfer modal (SPEC §2 "Transfer modal"). */
export interface TransferState {
  open: boolean
  tab: 'segments' | 'agents'
  /** Name filter of the agents table. */
  filter: string
  /** The chosen department or agent; confirm stays disabled until there is one. */
  target: TransferTarget | null
  /** Confirmed, waiting for the outcome. */
  pending: boolean
  /** The current user's id, left out of the agents table. */
  me: string | null
}

const CLOSED: TransferState = {
  open: false,
  tab: 'segments',
  filter: '',
  target: null,
  pending: false,
  me: null,
}

/** The transfer modal's state. */
export const $transfer = atom<TransferState>(CLOSED)

/** The departments table. */
export const transferSegments = createPagedList(fetchSegments)

/** The agents table. */
export const transferAgents = createPagedList((page, limit) =>
  fetchAgents({ page, limit, exclude: $transfer.get().me, name: $transfer.get().filter }),
)

function patch(next: Partial<TransferState>): void {
  $transfer.set({ ...$transfer.get(), ...next })
}

/**
 * Opens the modal on the departments tab and loads both tables.
 *
 * @example
 * openTransfer()
 */
export function openTransfer(): void {
  const me = $userId.get()
  $transfer.set({ ...CLOSED, open: true, me })
  void transferSegments.load(1)
  void transferAgents.load(1)
}

/** Closes the modal (not while a transfer is pending: its outcome still has to show). */
export function closeTransfer(): void {
  if (!$transfer.get().pending) $transfer.set(CLOSED)
}

/** Shows the departments or the agents tab. */
export function showTransferTab(tab: TransferState['tab']): void {
  patch({ tab })
}

/** Filters the agents table by first or last name, case-insensitively. */
export function filterTransferAgents(filter: string): void {
  patch({ filter })
  void transferAgents.load(1)
}

/** Chooses the department or agent to transfer to. */
export function chooseTransferTarget(target: TransferTarget): void {
  if (!$transfer.get().pending) patch({ target })
}

/**
 * Transfers the call to the chosen agent, else the chosen department. The modal shows loading until
 * the outcome (`call:transfer:success` / `call:transfer:error`).
 */
export async function confirmTransfer(): Promise<void> {
  const { target, pending } = $transfer.get()
  if (!target || pending) return
  patch({ pending: true })
  try {
    if (target.type === 'agent')
      await realtime().request('call:transfer:agent', { agent: target.id }, v.null())
    else await realtime().request('call:transfer:segment', { segment: target.id }, v.null())
  } catch (error) {
    if (isUnanswered(error)) return transferUnanswered(target)
    if (isNotSent(error)) return transferNotSent(target)
    const code = error instanceof SocketRequestError ? error.code : 0
    const reason = error instanceof SocketRequestError ? error.reason : undefined
    transferFailed({
      callId: null,
      target,
      code,
      reason: (reason ?? (code === 422 ? 'no-agents' : 'failed')) as TransferError['reason'],
      message: error instanceof Error ? error.message : '',
    })
  }
}

/**
 * The transfer request got no answer: the server may have it, and a target may be ringing. Loading
 * stops (the agent is not held) and the agent reads that it may be under way, not that it failed:
 * "try again" would be refused while it rings. Its outcome, if it comes, shows as any other.
 */
function transferUnanswered(target: TransferTarget): void {
  if ($transfer.get().open) patch({ pending: false })
  notify({
    variant: 'warning',
    messageId: 'call.transfer.noAnswer',
    values: { name: target.name },
    key: OUTCOME_TOAST,
  })
}

/**
 * The transfer request was never sent (the realtime link is down): nothing rings. Loading stops, the
 * chosen target stays, and the agent reads to try again once the connection is back, not at once.
 */
function transferNotSent(target: TransferTarget): void {
  if ($transfer.get().open) patch({ pending: false })
  notify({
    variant: 'warning',
    messageId: 'call.transfer.notSent',
    values: { name: target.name },
    key: OUTCOME_TOAST,
  })
}

/**
 * The toast key of a transfer's outcome: a refusal comes both as the request's error and as
 * `call:transfer:error` (the reference server sends both), and the agent must read it once.
 */
const OUTCOME_TOAST = 'transfer-outcome'

/** `call:transfer:success`: the modal closes with a success message. */
export function transferSucceeded(success: TransferSuccess): void {
  $transfer.set(CLOSED)
  const messageId: MessageId =
    success.target.type === 'segment' ? 'call.transfer.successSegment' : 'call.transfer.successAgent'
  notify({ variant: 'success', messageId, values: { name: success.target.name }, key: OUTCOME_TOAST })
}

const FAILURE_MESSAGES: Record<TransferError['reason'], MessageId> = {
  dismissed: 'call.transfer.dismissed',
  timeout: 'call.transfer.timeout',
  unavailable: 'call.transfer.unavailable',
  'no-agents': 'call.transfer.noAgents',
  failed: 'call.transfer.failed',
}

/** `call:transfer:error`: loading stops and a warning names the reason; the modal stays. */
export function transferFailed(error: TransferError): void {
  const target = error.target ?? $transfer.get().target
  if ($transfer.get().open) patch({ pending: false })
  notify({
    variant: 'warning',
    messageId: FAILURE_MESSAGES[error.reason],
    values: { name: target?.name ?? '' },
    key: OUTCOME_TOAST,
  })
}

/** Closes everything (the call ended). */
export function resetTransfer(): void {
  $transfer.set(CLOSED)
  transferSegments.reset()
  transferAgents.reset()
}

onCallCleanup(resetTransfer)
