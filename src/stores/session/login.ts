import { atom } from 'nanostores'
import { AGENT_LEVEL, LOGIN_REDIRECT_MS } from '../../constants'
import { TWO_FACTOR_REASON, type LoginResponse } from '../../protocol'
import { requestClaim, requestLogin, requestSso } from '../../services/auth'
import { clock, type TimerId } from '../../services/clock'
import { askDesktopPermission } from '../../services/desktop-notifications'
import { HttpError } from '../../services/http'
import { leavePage } from '../../services/page'
import { tabString } from '../../services/storage'
import { api, refreshInCookie } from './connection'
import type { MessageId } from '../app/i18n'
import { setTokens } from './tokens'

/** What the agent typed. */
export interface LoginForm {
  email: string
  password: string
  remember: boolean
  /** The terms checkbox. */
  agreement: boolean
  /** The 6-digit code (code step only). */
  otp: string
}

/** Field-level problems, each a message id. */
export type LoginFieldErrors = Partial<Record<'email' | 'password' | 'otp' | 'agreement', MessageId>>

/** A message the login screen shows, with its values (the seconds or minutes to wait). */
export interface LoginError {
  id: MessageId
  values?: Record<string, number>
}

/** The login screen's state. */
export interface LoginState {
  /** `code` once the server asked for the 2FA code (412). */
  step: 'credentials' | 'code'
  /** Enterprise SSO mode: the password is hidden and not sent. */
  sso: boolean
  /** A request is on its way. */
  pending: boolean
  /** The message of the last failure, if any. */
  error: LoginError | null
  fieldErrors: LoginFieldErrors
  /** A user below agent level: where the browser goes, and when (SPEC §4). */
  redirect: { location: string; at: number } | null
}

const INITIAL: LoginState = {
  step: 'credentials',
  sso: false,
  pending: false,
  error: null,
  fieldErrors: {},
  redirect: null,
}

/** The login screen's state. */
export const $login = atom<LoginState>(INITIAL)

// SSO leaves the page; the remember-me choice must survive the round trip to the identity provider.
const $ssoRemember = tabString('sso-remember')
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
let redirectTimer: TimerId | undefined

function update(patch: Partial<LoginState>): void {
  $login.set({ ...$login.get(), ...patch })
}

/** The message of each refusal with one message only (SPEC §8); 401 depends on the step, 410 on the wait. */
const FAILURE_MESSAGES: Partial<Record<number, MessageId>> = {
  0: 'login.errors.offline',
  400: 'login.errors.terms',
  402: 'login.errors.subscription',
  403: 'login.errors.ip',
  423: 'login.errors.session',
}

/**
 * Too many attempts (410): the wait the server gives (`retry-after`), in seconds under a minute, else in
 * minutes; without one, a few minutes. A wait of seconds told as minutes kept agents out needlessly.
 */
function attemptsMessage(seconds: number | null): LoginError {
  if (seconds === null) return { id: 'login.errors.attempts' }
  if (seconds < 60) return { id: 'login.errors.attemptsSeconds', values: { seconds: Math.max(1, seconds) } }
  return { id: 'login.errors.attemptsMinutes', values: { minutes: Math.ceil(seconds / 60) } }
}

/**
 * The 401 of the code step: a code already used or too late (`code-expired`) asks for the new one
 * from the app, which the agent could not tell from "incorrect"; any other refusal is a wrong code.
 */
function codeMessage(error: HttpError): LoginError {
  const reason = (error.body as { reason?: unknown } | undefined)?.reason
  return { id: reason === TWO_FACTOR_REASON.expiredCode ? 'login.errors.codeExpired' : 'login.errors.code' }
}

/** The message of a login failure (SPEC §8); null for 412, which asks for the code instead. */
function failureMessage(error: unknown, step: LoginState['step']): LoginError | null {
  if (!(error instanceof HttpError)) return { id: 'login.errors.generic' }
  if (error.status === 401) return step === 'code' ? codeMessage(error) : { id: 'login.errors.credentials' }
  if (error.status === 410) return attemptsMessage(error.retryAfter)
  if (error.status === 412) return null
  return { id: FAILURE_MESSAGES[error.status] ?? 'login.errors.generic' }
}

/** Checks the form as SPEC §5 asks: terms first, then email, password (not in SSO) and code. */
export function validateLogin(form: LoginForm, state: Pick<LoginState, 'sso' | 'step'>): LoginFieldErrors {
  const errors: LoginFieldErrors = {}
  const email = form.email.trim()
  if (!form.agreement) errors.agreement = 'login.errors.terms'
  if (!email) errors.email = 'login.errors.emailRequired'
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'login.errors.emailInvalid'
  if (!state.sso && !form.password) errors.password = 'login.errors.passwordRequired'
  if (state.step === 'code' && !/^\d{6}$|^[a-z0-9]{4}-[a-z0-9]{4}$/i.test(form.otp.trim()))
    errors.otp = 'login.errors.codeFormat'
  return errors
}

/**
 * Acts on a login or claim response: an agent enters the console (the tokens are kept, the router
 * guard takes them home); a lower level sees a notice and leaves for its dashboard after 10 s.
 */
function enter(response: LoginResponse, remember: boolean): void {
  if (response.level < AGENT_LEVEL) {
    clock.clearTimeout(redirectTimer)
    update({ pending: false, redirect: { location: response.location, at: clock.now() + LOGIN_REDIRECT_MS } })
    redirectTimer = clock.setTimeout(() => leavePage(response.location), LOGIN_REDIRECT_MS)
    return
  }
  $login.set(INITIAL)
  setTokens({ accessToken: response.accessToken, refreshToken: response.refreshToken ?? null, remember })
}

function fail(error: unknown): void {
  const step = $login.get().step
  if (error instanceof HttpError && error.status === 412) {
    update({ pending: false, step: 'code', error: null, fieldErrors: {} })
    return
  }
  if (!(error instanceof HttpError)) console.error('[agent-console] login failed', error)
  update({ pending: false, error: failureMessage(error, step) })
}

/**
 * Signs in (or starts SSO in SSO mode). Without the terms checked nothing is sent and
 * `login.errors.terms` shows.
 *
 * @example
 * await submitLogin({ email, password, remember: true, agreement: true, otp: '' })
 */
export async function submitLogin(form: LoginForm): Promise<void> {
  const state = $login.get()
  if (state.pending || state.redirect) return
  const fieldErrors = validateLogin(form, state)
  const termsMissing = fieldErrors.agreement !== undefined
  update({ fieldErrors, error: termsMissing ? { id: 'login.errors.terms' } : null })
  if (Object.keys(fieldErrors).length) return
  update({ pending: true })
  // A click is the moment a browser lets the console ask for desktop notifications.
  void askDesktopPermission()
  const email = form.email.trim()
  try {
    if (state.sso) {
      $ssoRemember.set(form.remember ? '1' : undefined)
      leavePage(await requestSso(api(), { email, agreement: true, remember: form.remember }))
      return
    }
    const body = {
      email,
      password: form.password,
      agreement: true,
      remember: form.remember,
      ...(state.step === 'code' ? { otp: form.otp.trim() } : {}),
    }
    enter(await requestLogin(api(), body, location.href, refreshInCookie()), form.remember)
  } catch (error) {
    fail(error)
  }
}

/**
 * Claims an existing session by id (`/login/claim/{id}` on load).
 *
 * @example
 * await claimSession(route.params.id)
 */
export async function claimSession(id: string): Promise<void> {
  if ($login.get().pending) return
  update({ pending: true, error: null })
  const remember = $ssoRemember.get() === '1'
  $ssoRemember.set(undefined)
  try {
    enter(await requestClaim(api(), id, refreshInCookie()), remember)
  } catch (error) {
    fail(error)
  }
}

/**
 * The identity provider sent the agent back without a session (`/login?sso-error=…` from the server's
 * SSO callback): SSO mode, with a message.
 *
 * @example
 * noteSsoReturn(location.search)
 */
export function noteSsoReturn(search: string): void {
  if (!new URLSearchParams(search).has('sso-error')) return
  update({ sso: true, error: { id: 'login.errors.sso' }, pending: false })
}

/** Switches enterprise SSO mode on or off (it hides the password). */
export function setSsoMode(sso: boolean): void {
  update({ sso, error: null, fieldErrors: {} })
}

/** The back button: leaves SSO mode or the code step for the plain credentials. */
export function backToCredentials(): void {
  update({ sso: false, step: 'credentials', error: null, fieldErrors: {} })
}

/** Back to a blank login screen (logout, tests). */
export function resetLogin(): void {
  clock.clearTimeout(redirectTimer)
  $login.set(INITIAL)
}
