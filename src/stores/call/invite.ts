import { atom } from 'nanostores'
import * as v from 'valibot'
import type { Agent, InviteError, InviteSuccess } from '../../protocol'
import { isNotSent, isUnanswered, SocketRequestError } from '../../services/socket'
import type { MessageId } from '../../services/messages'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { $userId } from '../session/session'
import { createPagedList } from '../directory/paged-list'
import { fetchAgents, fullName } from '../directory/agents-directory'
import { onCallCleanup } from './call-scope'

/** The invite modal (SPEC §2 "Invite modal"). */
export interface InviteState {
  open: boolean
  /** The chosen agent; invite stays disabled until there is one. */
  target: { id: string; name: string } | null
  /** Invited, waiting for the answer: the button reads 'waiting'. */
  pending: boolean
  me: string | null
}

const CLOSED: InviteState = { open: false, target: null, pending: false, me: null }

/** The invite modal's state. */
export const $invite = atom<InviteState>(CLOSED)

/** The agents table of the invite modal. */
export const inviteAgents = createPagedList((page, limit) =>
  fetchAgents({ page, limit, exclude: $invite.get().me, name: '' }),
)

/** Opens the modal and loads the agents. */
export function openInvite(): void {
  const me = $userId.get()
  $invite.set({ ...CLOSED, open: true, me })
  void inviteAgents.load(1)
}

/** Closes the modal unless an invitation is waiting for its answer. */
export function closeInvite(): void {
  if (!$invite.get().pending) $invite.set(CLOSED)
}

/** Chooses the agent to invite. */
export function chooseInvitee(agent: Agent): void {
  if (!$invite.get().pending)
    $invite.set({ ...$invite.get(), target: { id: agent.id, name: fullName(agent) } })
}

/**
 * Invites the chosen agent into the call; the outcome (`call:invite:success` / `call:invite:error`)
 * closes the modal and notifies.
 */
export async function confirmInvite(): Promise<void> {
  const { target, pending } = $invite.get()
  if (!target || pending) return
  $invite.set({ ...$invite.get(), pending: true })
  try {
    await realtime().request('call:invite:agent', { agent: target.id }, v.null())
  } catch (error) {
    // No answer in time: the agent may be ringing; its outcome shows if it comes.
    if (isUnanswered(error)) return inviteUnanswered(target.name)
    if (isNotSent(error)) return inviteNotSent(target.name)
    const reason = error instanceof SocketRequestError ? error.reason : undefined
    inviteFailed({
      callId: null,
      target: { type: 'agent', ...target },
      code: error instanceof SocketRequestError ? error.code : 0,
      reason: (reason ?? 'failed') as InviteError['reason'],
      message: error instanceof Error ? error.message : '',
    })
  }
}

/** The invitation got no answer: it may be ringing. The modal closes; the agent reads that it may be on its way. */
function inviteUnanswered(name: string): void {
  $invite.set(CLOSED)
  notify({ variant: 'warning', messageId: 'call.invite.noAnswer', values: { name }, key: OUTCOME_TOAST })
}

/**
 * The invitation was never sent (the realtime link is down): nobody rings. The modal stays with the
 * chosen agent, and the agent reads to invite again once the connection is back, not at once.
 */
function inviteNotSent(name: string): void {
  if ($invite.get().open) $invite.set({ ...$invite.get(), pending: false })
  notify({ variant: 'warning', messageId: 'call.invite.notSent', values: { name }, key: OUTCOME_TOAST })
}

/**
 * The toast key of an invitation's outcome: a refusal comes both as the request's error and as
 * `call:invite:error` (the reference server sends both), and the agent must read it once.
 */
const OUTCOME_TOAST = 'invite-outcome'

/** `call:invite:success`: the invited agent answered. */
export function inviteSucceeded(success: InviteSuccess): void {
  $invite.set(CLOSED)
  notify({
    variant: 'success',
    messageId: 'call.invite.success',
    values: { name: success.target.name },
    key: OUTCOME_TOAST,
  })
}

const FAILURE_MESSAGES: Record<InviteError['reason'], MessageId> = {
  dismissed: 'call.invite.dismissed',
  timeout: 'call.invite.timeout',
  unavailable: 'call.invite.unavailable',
  failed: 'call.invite.failed',
}

/** `call:invite:error`: rejected, no reply, unavailable or failed; the modal closes. */
export function inviteFailed(error: InviteError): void {
  const name = error.target?.name ?? $invite.get().target?.name ?? ''
  $invite.set(CLOSED)
  notify({
    variant: 'warning',
    messageId: FAILURE_MESSAGES[error.reason],
    values: { name },
    key: OUTCOME_TOAST,
  })
}

/** Closes everything (the call ended). */
export function resetInvite(): void {
  $invite.set(CLOSED)
  inviteAgents.reset()
}

onCallCleanup(resetInvite)
