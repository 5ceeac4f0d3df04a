import { Secret, TOTP } from 'otpauth'
import { randomInt } from 'node:crypto'
import { sha256 } from '../store/ids'

/** How many 30 s steps a code may be late or early (clock drift): ±1. */
export const TOTP_WINDOW = 1
/** How far back a code still reads as "expired" rather than "wrong" (10 minutes). */
const EXPIRED_LOOKBACK_STEPS = 20
/** How many backup codes a user gets (SPEC §9). */
export const BACKUP_CODE_COUNT = 10
// No 0/o, 1/l/i: a code copied by hand from paper is read right. 31 symbols, 8 of them ≈ 40 bits.
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** The TOTP parameters: 6 digits, 30 s period, SHA-1 (what authenticator apps expect). */
function totpFor(secret: string, label = 'agent'): TOTP {
  return new TOTP({
    issuer: 'Agent console',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  })
}

/** A new base32 TOTP secret (160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URI for a QR code. */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString()
}

/** The time step a timestamp falls in. */
function stepOf(now: number): number {
  return Math.floor(now / 1000 / 30)
}

/**
 * Checks a 6-digit code, allowing one step of clock drift either way. Returns the time step it
 * matched, so the caller can refuse a code used before (a replay), or null.
 */
export function verifyTotp(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW })
  return delta === null ? null : stepOf(now) + delta
}

/**
 * What a code is: `{ step }` when valid now, `expired` when it was the code of a step up to ten
 * minutes ago (the agent typed it too late), `wrong` otherwise.
 */
export function classifyTotp(
  secret: string,
  code: string,
  now: number,
): { step: number } | 'expired' | 'wrong' {
  const step = verifyTotp(secret, code, now)
  if (step !== null) return { step }
  if (!/^\d{6}$/.test(code)) return 'wrong'
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: EXPIRED_LOOKBACK_STEPS })
  return delta !== null && delta < -TOTP_WINDOW ? 'expired' : 'wrong'
}

/** The current code of a secret (demo printouts and tests). */
export function currentTotp(secret: string, now: number): string {
  return totpFor(secret).generate({ timestamp: now })
}

function backupCode(): string {
  const symbols = Array.from({ length: 8 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)])
  return `${symbols.slice(0, 4).join('')}-${symbols.slice(4).join('')}`
}

/** Ten backup codes (`xxxx-xxxx`), returned in clear once and stored hashed. */
export function newBackupCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, backupCode)
  return { codes, hashes: codes.map(hashBackupCode) }
}

/** Whether a text has the shape of a backup code (not a 6-digit PIN). */
export function looksLikeBackupCode(code: string): boolean {
  return /^[a-z0-9]{4}-[a-z0-9]{4}$/i.test(code.trim())
}

/** How a backup code is stored: only its hash, so a leaked table gives no usable code. */
export function hashBackupCode(code: string): string {
  return sha256(`backup:${code.trim().toLowerCase()}`)
}
