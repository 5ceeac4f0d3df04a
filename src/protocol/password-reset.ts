import * as v from 'valibot'
import { hasControlCharacters } from './common'

/** How long a password-reset link works after it is sent: 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000

/** The longest email a reset is asked for (RFC 5321's path limit). */
export const MAX_RESET_EMAIL = 254

/**
 * The rule of a new password (ASVS 6.2.1, 6.2.9): at least 12 and at most 128 characters (counted as
 * the server hashes them, NFKC), no control character, any character otherwise; no composition rule.
 */
export const NEW_PASSWORD_MIN = 12
/** The longest new password accepted. */
export const NEW_PASSWORD_MAX = 128

/** Characters of a password as the server counts them (code points of its NFKC form). */
export function passwordLength(password: string): number {
  return [...password.normalize('NFKC')].length
}

/**
 * The email of a reset request: trimmed, at most 254 characters, no control character (NUL…) and no
 * markup, one `@` with text on both sides. Each refusal says what is wrong, in the 400's message.
 */
export const ResetEmailSchema = v.pipe(
  v.string('The email must be text'),
  v.trim(),
  v.maxLength(MAX_RESET_EMAIL, `The email must be at most ${MAX_RESET_EMAIL} characters`),
  v.check((text) => !hasControlCharacters(text), 'The email must not hold control characters'),
  v.regex(/^[^\s@<>"'`&]+@[^\s@<>"'`&]+$/, 'Enter a valid email address'),
)

/** Body of `POST /auth/password-reset`: send a reset link to this email, if an account has it. */
export const PasswordResetRequestSchema = v.object({ email: ResetEmailSchema })
/** A reset request. */
export type PasswordResetRequest = v.InferOutput<typeof PasswordResetRequestSchema>

/**
 * The only answer of `POST /auth/password-reset` (202), whoever the email belongs to, or nobody: no
 * account is revealed by it.
 */
export const PasswordResetAcceptedSchema = v.object({ accepted: v.literal(true) })
/** The reset request's answer. */
export type PasswordResetAccepted = v.InferOutput<typeof PasswordResetAcceptedSchema>

/**
 * `GET /auth/password-reset`, for the login screen: whether a reset link can be sent by email. False in
 * production without a mail server (`SMTP_URL`): the login asks the agent to see their administrator.
 */
export const PasswordResetInfoSchema = v.object({ byEmail: v.boolean() })
/** Whether reset by email is offered. */
export type PasswordResetInfo = v.InferOutput<typeof PasswordResetInfoSchema>

/** A reset link's token: 32 random bytes, base64url (43 characters). */
export const ResetTokenSchema = v.pipe(
  v.string('The link is not valid'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not valid'),
)

/** A new password under the rule of `NEW_PASSWORD_MIN` and `NEW_PASSWORD_MAX`. */
export const NewPasswordSchema = v.pipe(
  v.string('The password must be text'),
  v.check(
    (text) => passwordLength(text) >= NEW_PASSWORD_MIN,
    `The password must have at least ${NEW_PASSWORD_MIN} characters`,
  ),
  v.check(
    (text) => passwordLength(text) <= NEW_PASSWORD_MAX,
    `The password must have at most ${NEW_PASSWORD_MAX} characters`,
  ),
  v.check((text) => !hasControlCharacters(text), 'The password must not hold control characters'),
)

/** Body of `POST /auth/password-reset/confirm`: the link's token and the new password. */
export const PasswordResetConfirmSchema = v.object({ token: ResetTokenSchema, password: NewPasswordSchema })
/** A reset confirmation. */
export type PasswordResetConfirm = v.InferOutput<typeof PasswordResetConfirmSchema>

/**
 * `reason` of a refused confirmation: 410 `invalid-token` (unknown, used or older than 30 minutes: the
 * page offers to ask again), 400 `weak-password` (the rule above).
 */
export const PASSWORD_RESET_REASON = {
  invalidToken: 'invalid-token',
  weakPassword: 'weak-password',
} as const
