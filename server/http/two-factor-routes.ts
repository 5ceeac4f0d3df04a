import type { FastifyInstance } from 'fastify'
import {
  TWO_FACTOR_REASON,
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  type Ok,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { newBackupCodes, newTotpSecret, totpUri, verifyTotp } from '../auth/totp'
import { verifyPassword } from '../auth/passwords'
import { spendSecondFactor, type SecondFactorResult } from '../auth/second-factor'
import {
  assertTwoFactorAllowed,
  clearTwoFactorFailures,
  failTwoFactor,
  twoFactorRetryAfter,
} from '../auth/two-factor-guard'
import type { ServerContext } from '../context'
import type { ApiTools } from './api-plugin'

const WRONG = 'The verification code is not valid'
const EXPIRED = 'The verification code has expired or was already used'

/** Counts a refused code (422 with its reason, or 423 once the user has to wait). */
function refuse(
  context: ServerContext,
  userId: string,
  result: Exclude<SecondFactorResult, 'ok'>,
): Promise<never> {
  return result === 'expired'
    ? failTwoFactor(context, userId, TWO_FACTOR_REASON.expiredCode, EXPIRED)
    : failTwoFactor(context, userId, TWO_FACTOR_REASON.wrongCode, WRONG)
}

/**
 * Profile 2FA (extension, SPEC §5): status, setup, enable with a PIN (returns the 10 backup codes),
 * disable with a PIN or backup code plus the password, and new backup codes with a code. Every code
 * goes through the per-user failure count (5 wrong → a wait that doubles), and each code is spent
 * once: a TOTP step cannot be replayed, a backup code works once.
 */
export function twoFactorRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/auth/2fa',
    authed(async (_request, { user }): Promise<TwoFactorStatus> => ({
      enabled: user.totp_secret !== null,
      backupCodesLeft: user.totp_secret ? user.backup_codes.length : 0,
      retryAfter: await twoFactorRetryAfter(context, user.id),
    })),
  )

  app.post(
    '/auth/2fa/setup',
    authed(async (_request, { user }): Promise<TwoFactorSetup> => {
      if (user.totp_secret) throw new ServerError(409, '2FA is already enabled')
      const secret = newTotpSecret()
      await context.db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [user.id, secret])
      return { secret, uri: totpUri(secret, user.email) }
    }),
  )

  app.post(
    '/auth/2fa/enable',
    authed(async (request, { user }): Promise<TwoFactorEnabled> => {
      const { code } = parseInput(TwoFactorCodeSchema, request.body)
      const secret = user.totp_pending_secret
      if (user.totp_secret) throw new ServerError(409, '2FA is already enabled')
      if (!secret) throw new ServerError(409, 'Call /auth/2fa/setup first')
      await assertTwoFactorAllowed(context, user.id)
      const step = verifyTotp(secret, code.trim(), context.clock.now())
      if (step === null) return refuse(context, user.id, 'wrong')
      const { codes, hashes } = newBackupCodes()
      // Conditional on the pending secret still being the one checked: two enables racing, one wins.
      const rows = await context.db.query(
        `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_last_step = $3, backup_codes = $4
         WHERE id = $1 AND totp_secret IS NULL AND totp_pending_secret = $2 RETURNING id`,
        [user.id, secret, step, hashes],
      )
      if (rows.length === 0) throw new ServerError(409, '2FA is already enabled')
      await clearTwoFactorFailures(context, user.id)
      return { backupCodes: codes }
    }),
  )

  app.post(
    '/auth/2fa/disable',
    authed(async (request, { user }): Promise<Ok> => {
      const { code, password } = parseInput(TwoFactorDisableSchema, request.body)
      if (!user.totp_secret) throw new ServerError(409, '2FA is not enabled')
      await assertTwoFactorAllowed(context, user.id)
      if (!(await verifyPassword(password, user.password_hash)))
        return failTwoFactor(context, user.id, TWO_FACTOR_REASON.wrongPassword, 'The password is not valid')
      const result = await spendSecondFactor(context, user, code)
      if (result !== 'ok') return refuse(context, user.id, result)
      await context.db.query(
        `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL,
           backup_codes = '{}', totp_failures = 0, totp_retry_at = NULL WHERE id = $1`,
        [user.id],
      )
      return { ok: true }
    }),
  )

  app.post(
    '/auth/2fa/backup-codes',
    authed(async (request, { user }): Promise<TwoFactorEnabled> => {
      const { code } = parseInput(TwoFactorCodeSchema, request.body)
      if (!user.totp_secret) throw new ServerError(409, '2FA is not enabled')
      await assertTwoFactorAllowed(context, user.id)
      const result = await spendSecondFactor(context, user, code)
      if (result !== 'ok') return refuse(context, user.id, result)
      const { codes, hashes } = newBackupCodes()
      await context.db.query(
        'UPDATE users SET backup_codes = $2, totp_failures = 0, totp_retry_at = NULL WHERE id = $1',
        [user.id, hashes],
      )
      return { backupCodes: codes }
    }),
  )
}
