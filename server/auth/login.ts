import {
  ERROR_MESSAGES,
  LOGIN_STATUS,
  TWO_FACTOR_REASON,
  type LoginRequest,
  type LoginResponse,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { userByEmail } from '../store/users'
import { DUMMY_HASH, verifyPassword } from './passwords'
import { ipAllowed } from './ip-allow-list'
import { spendSecondFactor } from './second-factor'
import { issueSession } from './session-issuer'
import {
  forgetUserFailures,
  loginKeys,
  recordFailure,
  throttleWait,
  type ThrottleKey,
} from './login-throttle'

/**
 * `POST /auth/login`: checks, in order, the terms (400), the throttle of earlier failures (410 with
 * `retry-after`: per client address, per user and per user and address, growing delays, never a hard
 * lock), the password (401, counting the failure), a locked user (423), an expired subscription (402),
 * the IP allow list (403), and 2FA (412 without a code; 401 with a refused one, counted too, whose
 * `reason` is `wrong-code`, or `code-expired` for a code already used or too late), then issues a session.
 */
export async function login(
  context: ServerContext,
  body: LoginRequest,
  ip: string,
  redirectTo: string | undefined,
): Promise<LoginResponse> {
  if (body.agreement !== true) throw new ServerError(LOGIN_STATUS.termsRequired, ERROR_MESSAGES.terms)
  const now = context.clock.now()
  const user = await userByEmail(context.db, body.email)
  const keys = loginKeys(context.loginThrottle, ip, user?.id)
  const wait = await throttleWait(context.db, keys, now)
  if (wait > 0)
    throw new ServerError(LOGIN_STATUS.attemptLimit, ERROR_MESSAGES.attempts, {
      retryAfter: Math.ceil(wait / 1000),
    })
  if (!user) {
    // Same work as a real check, so response time does not reveal which emails exist.
    await verifyPassword(body.password, DUMMY_HASH)
    return failAttempt(context, keys, now, ERROR_MESSAGES.credentials)
  }
  if (!(await verifyPassword(body.password, user.password_hash)))
    return failAttempt(context, keys, now, ERROR_MESSAGES.credentials)
  if (user.locked) throw new ServerError(LOGIN_STATUS.locked, ERROR_MESSAGES.locked)
  if (user.subscription_expires_at && user.subscription_expires_at.getTime() < now)
    throw new ServerError(LOGIN_STATUS.subscriptionExpired, ERROR_MESSAGES.subscription)
  if (!ipAllowed(ip, user.ip_allow_list)) throw new ServerError(LOGIN_STATUS.ipNotAllowed, ERROR_MESSAGES.ip)
  if (user.totp_secret) {
    if (body.otp === undefined || body.otp.trim() === '')
      throw new ServerError(LOGIN_STATUS.otpRequired, 'Code required')
    // A TOTP code (its step once) or one of the backup codes (each once): the profile's rule too.
    const code = await spendSecondFactor(context, user, body.otp)
    // The reason, as the profile's 2FA gives it, only once the password was right: the code step says so already.
    if (code === 'expired')
      return failAttempt(context, keys, now, ERROR_MESSAGES.otpExpired, TWO_FACTOR_REASON.expiredCode)
    if (code !== 'ok') return failAttempt(context, keys, now, ERROR_MESSAGES.otp, TWO_FACTOR_REASON.wrongCode)
  }
  await forgetUserFailures(context.db, keys)
  return context.db.transaction((tx) => issueSession(context, tx, user, body.remember === true, redirectTo))
}

/**
 * Counts the failure on every key of the attempt (the next one may have to wait), then answers 401,
 * with the code's `reason` when the code was refused.
 */
async function failAttempt(
  context: ServerContext,
  keys: ThrottleKey[],
  now: number,
  message: string,
  reason?: string,
): Promise<never> {
  await recordFailure(context.db, context.loginThrottle, keys, now)
  throw new ServerError(LOGIN_STATUS.badCredentials, message, reason === undefined ? {} : { reason })
}
