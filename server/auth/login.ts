import { ERROR_MESSAGES, LOGIN_STATUS, type LoginRequest, type LoginResponse } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { userByEmail, type UserRow } from '../store/users'
import { DUMMY_HASH, verifyPassword } from './passwords'
import { ipAllowed } from './ip-allow-list'
import { spendSecondFactor } from './second-factor'
import { issueSession } from './session-issuer'

/** Failed attempts allowed inside the window before the user is blocked (410). */
export const MAX_FAILED_ATTEMPTS = 5
/** The window of failed attempts, and how long a block lasts. */
export const FAILED_WINDOW_MS = 15 * 60_000

/**
 * `POST /auth/login`: checks, in order, the terms (400), a block from earlier failures (410), the
 * password (401, counting the failure), a locked user (423), an expired subscription (402), the IP
 * allow list (403), and 2FA (412 without a code, 401 with a wrong one), then issues a session.
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
  if (!user) {
    // Same work as a real check, so response time does not reveal which emails exist.
    await verifyPassword(body.password, DUMMY_HASH)
    throw new ServerError(LOGIN_STATUS.badCredentials, ERROR_MESSAGES.credentials)
  }
  if (user.blocked_until && user.blocked_until.getTime() > now)
    throw new ServerError(LOGIN_STATUS.attemptLimit, ERROR_MESSAGES.attempts)
  if (!(await verifyPassword(body.password, user.password_hash)))
    return failAttempt(context, user, now, ERROR_MESSAGES.credentials)
  if (user.locked) throw new ServerError(LOGIN_STATUS.locked, ERROR_MESSAGES.locked)
  if (user.subscription_expires_at && user.subscription_expires_at.getTime() < now)
    throw new ServerError(LOGIN_STATUS.subscriptionExpired, ERROR_MESSAGES.subscription)
  if (!ipAllowed(ip, user.ip_allow_list)) throw new ServerError(LOGIN_STATUS.ipNotAllowed, ERROR_MESSAGES.ip)
  if (user.totp_secret) {
    if (body.otp === undefined || body.otp.trim() === '')
      throw new ServerError(LOGIN_STATUS.otpRequired, 'Code required')
    // A TOTP code (its step once) or one of the backup codes (each once): the profile's rule too.
    if ((await spendSecondFactor(context, user, body.otp)) !== 'ok')
      return failAttempt(context, user, now, ERROR_MESSAGES.otp)
  }
  await context.db.query(
    'UPDATE users SET failed_attempts = 0, failed_window_start = NULL, blocked_until = NULL WHERE id = $1',
    [user.id],
  )
  return context.db.transaction((tx) => issueSession(context, tx, user, body.remember === true, redirectTo))
}

/** Counts a failure atomically; the 5th inside the window blocks the user (410), the others answer 401. */
async function failAttempt(
  context: ServerContext,
  user: UserRow,
  now: number,
  message: string,
): Promise<never> {
  const rows = await context.db.query<{ failed_attempts: number }>(
    `UPDATE users SET
       failed_attempts = CASE WHEN failed_window_start IS NULL OR failed_window_start < $2 THEN 1 ELSE failed_attempts + 1 END,
       failed_window_start = CASE WHEN failed_window_start IS NULL OR failed_window_start < $2 THEN $3 ELSE failed_window_start END
     WHERE id = $1 RETURNING failed_attempts`,
    [user.id, new Date(now - FAILED_WINDOW_MS), new Date(now)],
  )
  if ((rows[0]?.failed_attempts ?? 0) >= MAX_FAILED_ATTEMPTS) {
    await context.db.query('UPDATE users SET blocked_until = $2 WHERE id = $1', [
      user.id,
      new Date(now + FAILED_WINDOW_MS),
    ])
    throw new ServerError(LOGIN_STATUS.attemptLimit, ERROR_MESSAGES.attempts)
  }
  throw new ServerError(LOGIN_STATUS.badCredentials, message)
}
