import { Secret, TOTP } from 'otpauth'
import { randomBytes } from 'node:crypto'
import { sha256 } from '../store/ids'

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

/** A new base32 TOTP secret. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URI for a QR code. */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString()
}

/**
 * Checks a 6-digit code, allowing one step of clock drift either way. Returns the time step it
 * matched, so the caller can refuse a code used before (a replay), or null.
 */
export function verifyTotp(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const totp = totpFor(secret)
  const delta = totp.validate({ token: code, timestamp: now, window: 1 })
  if (delta === null) return null
  return Math.floor(now / 1000 / 30) + delta
}

/** The current code of a secret (demo printouts and tests). */
export function currentTotp(secret: string, now: number): string {
  return totpFor(secret).generate({ timestamp: now })
}

/** Ten backup codes (`xxxx-xxxx`, hex), returned in clear once and stored hashed. */
export function newBackupCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const hex = randomBytes(4).toString('hex')
    return `${hex.slice(0, 4)}-${hex.slice(4)}`
  })
  return { codes, hashes: codes.map(hashBackupCode) }
}

/** How a backup code is stored. */
export function hashBackupCode(code: string): string {
  return sha256(`backup:${code.trim().toLowerCase()}`)
}
