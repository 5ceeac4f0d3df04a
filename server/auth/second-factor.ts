import type { ServerContext } from '../context'
import { classifyTotp, hashBackupCode, looksLikeBackupCode } from './totp'

/** What a second-factor code turned out to be. */
export type SecondFactorResult = 'ok' | 'expired' | 'wrong'

/**
 * Checks and spends a code of an enabled 2FA: a TOTP code (each time step usable once: a code
 * already used in its step is a replay and reads as expired) or a backup code (each usable once).
 * The updates are conditional, so two requests racing with the same code cannot both win.
 */
export async function spendSecondFactor(
  context: ServerContext,
  user: { id: string; totp_secret: string | null },
  code: string,
): Promise<SecondFactorResult> {
  const secret = user.totp_secret
  const trimmed = code.trim()
  if (!secret || trimmed === '') return 'wrong'
  if (looksLikeBackupCode(trimmed)) {
    const rows = await context.db.query(
      'UPDATE users SET backup_codes = array_remove(backup_codes, $2) WHERE id = $1 AND $2 = ANY(backup_codes) RETURNING id',
      [user.id, hashBackupCode(trimmed)],
    )
    return rows.length > 0 ? 'ok' : 'wrong'
  }
  const totp = classifyTotp(secret, trimmed, context.clock.now())
  if (typeof totp === 'string') return totp
  const rows = await context.db.query(
    'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [user.id, totp.step],
  )
  return rows.length > 0 ? 'ok' : 'expired'
}
