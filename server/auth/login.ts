import {
  ERROR_MESSAGES,
  LOGIN_STATUS,
  TWO_FACTOR_REASON,
  type LoginRequest,
  type LoginResponse,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { userByEmail, type UserRow } from '../store/users'
import type { SessionClient } from '../store/sessions'
import { DUMMY_HASH, verifyPassword } from './passwords'
import { LOGIN_REFUSALS, assertAccountAdmits } from './account-gate'
import { spendSecondFactor } from './second-factor'
import { issueSession } from './session-issuer'
import {
  endAttempt,
  forgetUserFailures,
  loginKeys,
  recordFailure,
  takeAttempt,
  type ThrottleAttempt,
} from './login-throttle'

/**
 * `POST /auth/login`: checks, in order, the terms (400), the throttle of earlier failures (410 with
 * `retry-after`: per client address, per user once this address failed for the user, and per user and
 * address, growing delays, never a hard lock; admitted and counted in one locked turn), the password (401, counting the failure), a locked user (423), an expired subscription (402),
 * the IP allow list (403), and 2FA (412 without a code; 401 with a refused one, counted too, whose
 * `reason` is `wrong-code`, or `code-expired` for a code already used or too late), then issues a session
 * (remembering `device`, the browser's cleaned User-Agent, and `ip` for the profile's list of sessions).
 */
export async function login(
  context: ServerContext,
  body: LoginRequest,
  ip: string,
  redirectTo: string | undefined,
  device: string | null = null,
): Promise<LoginResponse> {
  if (body.agreement !== true) throw new ServerError(LOGIN_STATUS.termsRequired, ERROR_MESSAGES.terms)
  const now = context.clock.now()
  const user = await userByEmail(context.db, body.email)
  // Admitted and counted in one locked turn, before the slow hash: a burst cannot all pass the check first.
  const taken = await takeAttempt(
    context.db,
    context.loginThrottle,
    loginKeys(context.loginThrottle, ip, user?.id),
    now,
  )
  if ('wait' in taken)
    throw new ServerError(LOGIN_STATUS.attemptLimit, ERROR_MESSAGES.attempts, {
      retryAfter: Math.ceil(taken.wait / 1000),
    })
  const attempt: LoginAttempt = taken
  try {
    return await checkAttempt(context, body, { address: ip, device }, redirectTo, user, attempt, now)
  } finally {
    // Whatever ended the attempt without a verdict (a refusal of another kind, an error) frees its keys.
    if (!attempt.ended) await endAttempt(context.db, attempt)
  }
}

async function checkAttempt(
  context: ServerContext,
  body: LoginRequest,
  client: SessionClient,
  redirectTo: string | undefined,
  user: UserRow | undefined,
  attempt: LoginAttempt,
  now: number,
): Promise<LoginResponse> {
  if (!user) {
    // Same work as a real check, so response time does not reveal which emails exist.
    await verifyPassword(body.password, DUMMY_HASH)
    return failAttempt(context, attempt, now, ERROR_MESSAGES.credentials)
  }
  if (!(await verifyPassword(body.password, user.password_hash)))
    return failAttempt(context, attempt, now, ERROR_MESSAGES.credentials)
  assertAccountAdmits(user, client.address, now, LOGIN_REFUSALS)
  if (user.totp_secret) {
    if (body.otp === undefined || body.otp.trim() === '')
      throw new ServerError(LOGIN_STATUS.otpRequired, 'Code required')
    // A TOTP code (its step once) or one of the backup codes (each once): the profile's rule too.
    const code = await spendSecondFactor(context, user, body.otp)
    // The reason, as the profile's 2FA gives it, only once the password was right: the code step says so already.
    if (code === 'expired')
      return failAttempt(context, attempt, now, ERROR_MESSAGES.otpExpired, TWO_FACTOR_REASON.expiredCode)
    if (code !== 'ok')
      return failAttempt(context, attempt, now, ERROR_MESSAGES.otp, TWO_FACTOR_REASON.wrongCode)
  }
  attempt.ended = true
  await forgetUserFailures(context.db, attempt)
  return context.db.transaction((tx) =>
    issueSession(context, tx, user, body.remember === true, redirectTo, { client }),
  )
}

/** An admitted attempt, and whether its verdict has been counted. */
type LoginAttempt = ThrottleAttempt & { ended?: boolean }

/**
 * Counts the failure on every key of the attempt (the next one may have to wait), then answers 401,
 * with the code's `reason` when the code was refused.
 */
async function failAttempt(
  context: ServerContext,
  attempt: LoginAttempt,
  now: number,
  message: string,
  reason?: string,
): Promise<never> {
  attempt.ended = true
  await recordFailure(context.db, context.loginThrottle, attempt, now)
  throw new ServerError(LOGIN_STATUS.badCredentials, message, reason === undefined ? {} : { reason })
}
