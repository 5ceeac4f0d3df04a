import { ConfigError } from '../config-error'

/** Password reset by email, from the environment (docs/deployment.md lists the names and defaults). */
export interface PasswordResetSettings {
  /** `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`): where reset mails go; unset, none is sent. */
  smtpUrl: string | undefined
  /** `MAIL_FROM` (default `Agent console <no-reply@localhost>`): the sender of the mails. */
  mailFrom: string
  /** `PASSWORD_RESETS_PER_ADDRESS_PER_HOUR` (default 10): reset requests from one client address. */
  perAddressPerHour: number
  /** `PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR` (default 3): reset mails to one user; more are silently not sent. */
  perAccountPerHour: number
}

type Env = Record<string, string | undefined>

const DEFAULT_FROM = 'Agent console <no-reply@localhost>'

function wholeNumber(env: Env, name: string, fallback: number, problems: string[]): number {
  const text = env[name]?.trim() ?? ''
  if (text === '') return fallback
  const value = Number(text)
  if (/^\d+$/.test(text) && value >= 1 && value <= 100_000) return value
  problems.push(`${name}=${text}: a whole number from 1 to 100000`)
  return fallback
}

/**
 * Reads the reset settings; a malformed value throws a `ConfigError` naming it (the server does not start).
 *
 * @example
 * const { smtpUrl } = readPasswordResetSettings(process.env)
 */
export function readPasswordResetSettings(env: Env): PasswordResetSettings {
  const problems: string[] = []
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl))
    problems.push('SMTP_URL: an smtp:// or smtps:// address')
  const mailFrom = env.MAIL_FROM?.trim() || DEFAULT_FROM
  // A header value: a line break in it would start another header.
  if (/[\r\n]/.test(mailFrom) || !mailFrom.includes('@')) problems.push('MAIL_FROM: one address, on one line')
  const settings = {
    smtpUrl,
    mailFrom,
    perAddressPerHour: wholeNumber(env, 'PASSWORD_RESETS_PER_ADDRESS_PER_HOUR', 10, problems),
    perAccountPerHour: wholeNumber(env, 'PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR', 3, problems),
  }
  if (problems.length) throw new ConfigError(problems)
  return settings
}
