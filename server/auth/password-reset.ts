import { createHash, randomBytes } from 'node:crypto'
import { PASSWORD_RESET_REASON, PASSWORD_RESET_TTL_MS } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { fullName, userByEmail, userById, type UserRow } from '../store/users'
import { disconnectSession } from '../realtime/session-control'
import { TokenBuckets } from '../http/token-buckets'
import { hashPassword } from './passwords'
import { mailLanguage, resetLinkMail, ssoAccountMail } from './reset-mail'
import type { SendMail } from './mailer'
import type { PasswordResetSettings } from './password-reset-settings'

const HOUR_MS = 3_600_000

/** The sha256 of a reset token (hex): all the database keeps of it. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** What a reset request needs besides the email: who asks, and in which languages. */
export interface ResetAsker {
  address: string
  acceptLanguage: string | undefined
}

/**
 * Password reset by email: asks (a link mailed, or the SSO notice) and confirms (the new password set,
 * every session of the user ended). Throttled per client address (visible, 429: it says nothing of any
 * account) and per user (silent: the answer stays the same, no more mail is sent).
 */
export class PasswordResets {
  readonly #byAddress: TokenBuckets
  readonly #byAccount: TokenBuckets

  constructor(
    private readonly context: ServerContext,
    private readonly settings: PasswordResetSettings,
    private readonly send: SendMail,
  ) {
    const now = context.clock.now
    const perHour = (count: number) => ({ capacity: count, perWindow: count, windowMs: HOUR_MS, now })
    this.#byAddress = new TokenBuckets(perHour(settings.perAddressPerHour))
    this.#byAccount = new TokenBuckets(perHour(settings.perAccountPerHour))
  }

  /**
   * `POST /auth/password-reset`: answers the same whether the email has an account or not; the mail is
   * written and sent after the answer, so its time does not tell either.
   */
  async ask(email: string, asker: ResetAsker): Promise<void> {
    if (!this.#byAddress.take(asker.address))
      throw new ServerError(429, 'Too many reset requests from this address: try again later', {
        retryAfter: Math.ceil(HOUR_MS / this.settings.perAddressPerHour / 1000),
      })
    const user = await userByEmail(this.context.db, email)
    if (!user || !this.#byAccount.take(user.id)) return
    this.context.background.run(() => this.mail(user, asker))
  }

  private async mail(user: UserRow, asker: ResetAsker): Promise<void> {
    const language = mailLanguage(user.settings, asker.acceptLanguage)
    const name = fullName(user)
    // An SSO account has no password here: it is told so, and gets no link that could set one.
    if (user.sso) return this.send(user.email, ssoAccountMail(language, name))
    const token = randomBytes(32).toString('base64url')
    const now = this.context.clock.now()
    await this.context.db.query(
      'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [resetTokenHash(token), user.id, new Date(now), new Date(now + PASSWORD_RESET_TTL_MS)],
    )
    const link = `${this.context.publicUrl()}/password/reset?token=${token}`
    await this.send(user.email, resetLinkMail(language, name, link, PASSWORD_RESET_TTL_MS / 60_000))
  }

  /**
   * `POST /auth/password-reset/confirm`: spends the link (once, within 30 minutes: 410 otherwise), sets
   * the new password, uses up the user's other links, and ends every session and refresh token of the
   * user, closing their sockets.
   */
  async confirm(token: string, password: string): Promise<void> {
    const invalid = () =>
      new ServerError(410, 'This link is not valid any more: ask for a new one', {
        reason: PASSWORD_RESET_REASON.invalidToken,
      })
    // Hashed before the link is spent: a slow hash inside the transaction would hold its locks.
    const passwordHash = await hashPassword(password)
    const now = new Date(this.context.clock.now())
    const ended = await this.context.db.transaction(async (tx) => {
      const rows = await tx.query<{ user_id: string }>(
        `UPDATE password_resets SET used_at = $2
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
        [resetTokenHash(token), now],
      )
      const userId = rows[0]?.user_id
      const user = userId ? await userById(tx, userId) : undefined
      if (!user || user.sso) return null
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash])
      await tx.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        user.id,
        now,
      ])
      const families = await tx.query<{ id: string }>(
        'UPDATE token_families SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
        [user.id, now],
      )
      return families.map(({ id }) => id)
    })
    if (!ended) throw invalid()
    for (const familyId of ended) await disconnectSession(this.context, familyId, 'session-ended')
  }
}
