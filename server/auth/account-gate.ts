import { ERROR_MESSAGES, LOGIN_STATUS } from '../../src/protocol'
import { ServerError } from '../errors'
import type { UserRow } from '../store/users'
import { ipAllowed } from './ip-allow-list'

/** Why an account refuses a sign-in or the use of a session; null when it admits it. */
export type AccountRefusal = 'locked' | 'subscription' | 'ip'

/** The status and message of each refusal, as one surface answers it. */
export type RefusalAnswers = Record<AccountRefusal, { status: number; message: string }>

/** How a password login, a claim or an SSO sign-in answers (SPEC §8 "Login"): 423, 402, 403. */
export const LOGIN_REFUSALS: RefusalAnswers = {
  locked: { status: LOGIN_STATUS.locked, message: ERROR_MESSAGES.locked },
  subscription: { status: LOGIN_STATUS.subscriptionExpired, message: ERROR_MESSAGES.subscription },
  ip: { status: LOGIN_STATUS.ipNotAllowed, message: ERROR_MESSAGES.ip },
}

/**
 * How a call with a token answers (an API request, a refresh): a locked user's token is no token
 * (401); an expired subscription and an address outside the allow list say so (402, 403).
 */
export const SESSION_REFUSALS: RefusalAnswers = {
  ...LOGIN_REFUSALS,
  locked: { status: 401, message: ERROR_MESSAGES.unauthorized },
}

/**
 * What the user's account refuses now from `ip`: the user locked, the subscription expired, or the
 * address outside the account's allow list; null when it admits it. Every use of a session asks,
 * not only the password login: a token taken inside the allowed range does not work outside it.
 *
 * @example
 * accountRefusal(user, request.ip, context.clock.now()) // 'ip' from outside the allow list
 */
export function accountRefusal(
  user: Pick<UserRow, 'locked' | 'subscription_expires_at' | 'ip_allow_list'>,
  ip: string,
  now: number,
): AccountRefusal | null {
  if (user.locked) return 'locked'
  if (user.subscription_expires_at && user.subscription_expires_at.getTime() < now) return 'subscription'
  if (!ipAllowed(ip, user.ip_allow_list)) return 'ip'
  return null
}

/** Throws the surface's answer (`answers`) when the account refuses `ip` now. */
export function assertAccountAdmits(
  user: Pick<UserRow, 'locked' | 'subscription_expires_at' | 'ip_allow_list'>,
  ip: string,
  now: number,
  answers: RefusalAnswers,
): void {
  const refusal = accountRefusal(user, ip, now)
  if (refusal === null) return
  const { status, message } = answers[refusal]
  throw new ServerError(status, message)
}
