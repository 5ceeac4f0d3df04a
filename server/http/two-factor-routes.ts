import type { FastifyInstance } from 'fastify'
import { TwoFactorCodeSchema, type Ok, type TwoFactorEnabled, type TwoFactorSetup } from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { hashBackupCode, newBackupCodes, newTotpSecret, totpUri, verifyTotp } from '../auth/totp'
import type { ApiTools } from './api-plugin'

/** Profile 2FA (extension): status, setup, enable with a PIN (returns the 10 backup codes), disable with a PIN or backup code. */
export function twoFactorRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/auth/2fa',
    authed(async (_request, { user }) => ({
      enabled: user.totp_secret !== null,
      backupCodesLeft: user.totp_secret ? user.backup_codes.length : 0,
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
      if (!secret) throw new ServerError(409, 'Call /auth/2fa/setup first')
      const step = verifyTotp(secret, code.trim(), context.clock.now())
      if (step === null) throw new ServerError(401, 'The verification code is not valid')
      const { codes, hashes } = newBackupCodes()
      await context.db.query(
        `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_last_step = $3, backup_codes = $4 WHERE id = $1`,
        [user.id, secret, step, hashes],
      )
      return { backupCodes: codes }
    }),
  )

  app.post(
    '/auth/2fa/disable',
    authed(async (request, { user }): Promise<Ok> => {
      const { code } = parseInput(TwoFactorCodeSchema, request.body)
      if (!user.totp_secret) throw new ServerError(409, '2FA is not enabled')
      const pin = verifyTotp(user.totp_secret, code.trim(), context.clock.now()) !== null
      const backup = user.backup_codes.includes(hashBackupCode(code))
      if (!pin && !backup) throw new ServerError(401, 'The verification code is not valid')
      await context.db.query(
        `UPDATE users SET totp_secret = NULL, totp_last_step = NULL, backup_codes = '{}' WHERE id = $1`,
        [user.id],
      )
      return { ok: true }
    }),
  )
}
