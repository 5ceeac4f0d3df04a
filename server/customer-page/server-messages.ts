/**
 * What the customer page says about the server's refusals and about the end of a call, in the page's
 * language. The server's own `message` is plain English for developers: the page never shows it, it
 * maps the refusal's `reason` (else its `code`) to a message, and says a generic one with the code
 * for anything it does not know.
 */
import { CUSTOMER_BUDGET_REASON, type CallEnded, type ErrorReply } from '../../src/protocol'
import { t, type CustomerMessageId } from './i18n'

/** Why a call ended (`call:ended`), as the end screen says it. */
const END_REASONS: Record<CallEnded['reason'], CustomerMessageId> = {
  hangup: 'customerPage.ended.hangup',
  kicked: 'customerPage.ended.kicked',
  exceeded: 'customerPage.ended.exceeded',
  'agent-gone': 'customerPage.ended.agentGone',
  left: 'customerPage.ended.leftCall',
  'agent-unavailable': 'customerPage.ended.agentUnavailable',
}

/**
 * The end screen's sentence for a call's end.
 *
 * @example
 * endText('hangup') // 'The agent ended the call. Thank you!'
 */
export function endText(reason: string): string {
  return t(END_REASONS[reason as CallEnded['reason']] ?? 'customerPage.ended.default')
}

/** Refusals of `queue:join` (an agent's personal link) that end the attempt, by reason. */
const CALL_ENDINGS: Partial<Record<string, CustomerMessageId>> = {
  'agent-unavailable': 'customerPage.ended.agentUnavailable',
  'unknown-link': 'customerPage.link.invalid',
}

/** Refusals of `meeting:join`, by reason (server/meetings/guest-entry.ts, meeting-session.ts). */
const MEETING_REFUSALS: Partial<Record<string, CustomerMessageId>> = {
  'unknown-meeting': 'customerPage.meeting.unknown',
  denied: 'customerPage.ended.denied',
  'not-open': 'customerPage.meeting.notOpen',
  over: 'customerPage.meeting.over',
  canceled: 'customerPage.manage.canceled',
  rescheduled: 'customerPage.manage.rescheduled',
  'no-meeting': 'customerPage.meeting.noMeeting',
}

/** Refusals every request may meet, by code. */
const BY_CODE: Partial<Record<number, CustomerMessageId>> = { 429: 'customerPage.errors.tooMany' }

/** The server's budgets for anonymous customers (server/realtime/customer-budgets.ts), by reason. */
const BUDGETS: Record<string, CustomerMessageId> = {
  [CUSTOMER_BUDGET_REASON.connectionsPerAddress]: 'customerPage.errors.tooManyFromNetwork',
  [CUSTOMER_BUDGET_REASON.queueJoinsPerAddress]: 'customerPage.errors.tooManyFromNetwork',
  [CUSTOMER_BUDGET_REASON.queueJoinsPerSession]: 'customerPage.errors.tooManyCalls',
  [CUSTOMER_BUDGET_REASON.chatLines]: 'customerPage.chat.tooFast',
}

/** The budget a refusal's `reason` names, if any. */
const budgetOf = (reason: string | undefined): CustomerMessageId | undefined =>
  reason !== undefined && Object.hasOwn(BUDGETS, reason) ? BUDGETS[reason] : undefined

/**
 * A refusal in a sentence: the message of its `reason` in `byReason` (or a budget's), else of its
 * `code` in `byCode` (or the common ones), else a generic message with the code.
 *
 * @example
 * serverErrorText(reply.error, { 403: 'customerPage.files.disabled' })
 */
export function serverErrorText(
  error: Pick<ErrorReply, 'code' | 'reason'>,
  byCode: Partial<Record<number, CustomerMessageId>> = {},
  byReason: Partial<Record<string, CustomerMessageId>> = {},
): string {
  const id =
    (error.reason ? byReason[error.reason] : undefined) ??
    budgetOf(error.reason) ??
    byCode[error.code] ??
    BY_CODE[error.code]
  return id ? t(id) : t('customerPage.errors.generic', { code: error.code })
}

/**
 * What the page says when the server turns its socket away (`connect_error`) for a budget (too many
 * customer sockets from this address); null for any other refusal.
 *
 * @example
 * socket.on('connect_error', (error) => notice(connectRefusal(error)))
 */
export function connectRefusal(error: { data?: unknown }): string | null {
  const data = error.data as { reason?: unknown } | undefined
  const id = typeof data?.reason === 'string' ? budgetOf(data.reason) : undefined
  return id ? t(id) : null
}

/**
 * The end screen's sentence when `queue:join` is refused for good (the agent of a personal link is not
 * available, the link is unknown); null when the customer may simply try again.
 *
 * @example
 * const ending = callRefusal(reply.error)
 */
export function callRefusal(error: Pick<ErrorReply, 'code' | 'reason'>): string | null {
  const id = error.reason ? CALL_ENDINGS[error.reason] : undefined
  return id ? t(id) : null
}

/**
 * The end screen's sentence when `meeting:join` is refused (unknown link, not open yet, over…).
 *
 * @example
 * endScreen(meetingRefusal(reply.error))
 */
export function meetingRefusal(error: Pick<ErrorReply, 'code' | 'reason'>): string {
  return serverErrorText(error, { 404: 'customerPage.meeting.unknown' }, MEETING_REFUSALS)
}
