import { atom } from 'nanostores'
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN, PASSWORD_RESET_REASON, passwordLength } from '../../protocol'
import { HttpError } from '../../services/http'
import { confirmPasswordReset, requestResetInfo, requestResetLink } from '../../services/password-reset'
import type { MessageId } from '../app/i18n'
import { navigate } from '../shell/router'
import { api } from './connection'

/** How a forgotten password is recovered here: by email, by the administrator, or not known yet. */
export type ResetWay = 'unknown' | 'email' | 'administrator'

/** The forgotten-password form: sending, sent (the same whatever the email), or a refusal. */
export interface ForgetState {
  pending: boolean
  sent: boolean
  error: MessageId | null
}

/** The new-password form: sending, the link refused (used, expired, unknown), or a refusal of the fields. */
export interface ResetState {
  pending: boolean
  invalidLink: boolean
  error: MessageId | null
}

/** How the login offers to recover a password (from `GET /auth/password-reset`). */
export const $resetWay = atom<ResetWay>('unknown')
/** The forgotten-password page. */
export const $forget = atom<ForgetState>({ pending: false, sent: false, error: null })
/** The new-password page. */
export const $reset = atom<ResetState>({ pending: false, invalidLink: false, error: null })
/** The login's notice after a reset: the password changed, sign in with the new one. */
export const $passwordChanged = atom(false)

/** The notice was said (the login was left): it is not said again. */
export function forgetPasswordChanged(): void {
  $passwordChanged.set(false)
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Asks the server once per page whether it sends reset links; a failure leaves the link shown. */
export async function loadResetWay(): Promise<void> {
  if ($resetWay.get() !== 'unknown') return
  try {
    $resetWay.set((await requestResetInfo(api())).byEmail ? 'email' : 'administrator')
  } catch {
    $resetWay.set('email')
  }
}

function failure(error: unknown): MessageId {
  if (error instanceof HttpError && error.status === 0) return 'login.errors.offline'
  if (error instanceof HttpError && error.status === 429) return 'passwordReset.errors.throttled'
  if (error instanceof HttpError && error.status === 503) return 'passwordReset.askAdministrator'
  return 'passwordReset.errors.failed'
}

/** Sends the forgotten-password form; a refusal of the email is said before anything is sent. */
export async function askReset(email: string): Promise<void> {
  const trimmed = email.trim()
  if (!trimmed) return $forget.set({ pending: false, sent: false, error: 'login.errors.emailRequired' })
  if (!EMAIL_PATTERN.test(trimmed) || trimmed.length > 254)
    return $forget.set({ pending: false, sent: false, error: 'login.errors.emailInvalid' })
  if ($forget.get().pending) return
  $forget.set({ pending: true, sent: false, error: null })
  try {
    await requestResetLink(api(), trimmed)
    $forget.set({ pending: false, sent: true, error: null })
  } catch (error) {
    $forget.set({ pending: false, sent: false, error: failure(error) })
  }
}

/** The new password's refusal under the server's rule, or null. */
export function newPasswordProblem(password: string, repeated: string): MessageId | null {
  if (passwordLength(password) < NEW_PASSWORD_MIN) return 'passwordReset.errors.short'
  if (passwordLength(password) > NEW_PASSWORD_MAX) return 'passwordReset.errors.long'
  if (password !== repeated) return 'passwordReset.errors.mismatch'
  return null
}

/** Sets the new password with the link's token; done, the agent goes to the login with a notice. */
export async function submitReset(token: string, password: string, repeated: string): Promise<void> {
  const problem = newPasswordProblem(password, repeated)
  if (problem) return $reset.set({ pending: false, invalidLink: false, error: problem })
  if ($reset.get().pending) return
  $reset.set({ pending: true, invalidLink: false, error: null })
  try {
    await confirmPasswordReset(api(), token, password)
    $reset.set({ pending: false, invalidLink: false, error: null })
    $passwordChanged.set(true)
    navigate('/login')
  } catch (error) {
    const reason =
      error instanceof HttpError ? (error.body as { reason?: unknown } | undefined)?.reason : null
    if (error instanceof HttpError && (error.status === 410 || reason === PASSWORD_RESET_REASON.invalidToken))
      return $reset.set({ pending: false, invalidLink: true, error: null })
    $reset.set({
      pending: false,
      invalidLink: false,
      error: reason === PASSWORD_RESET_REASON.weakPassword ? 'passwordReset.errors.short' : failure(error),
    })
  }
}

/** A fresh form on each visit of the pages. */
export function resetPasswordPages(): void {
  $forget.set({ pending: false, sent: false, error: null })
  $reset.set({ pending: false, invalidLink: false, error: null })
}
