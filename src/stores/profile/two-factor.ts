import { atom } from 'nanostores'
import {
  HTTP_PATHS,
  OkSchema,
  TWO_FACTOR_REASON,
  TwoFactorEnabledSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  type TwoFactorSetup,
} from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { HttpError } from '../../services/http'
import type { MessageId } from '../app/i18n'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'

/** Where the 2FA page is. */
export type TwoFactorPhase =
  /** The status is on its way. */
  | { phase: 'loading' }
  /** The status could not be read. */
  | { phase: 'unavailable' }
  /** 2FA is off: the agent may start the setup. */
  | { phase: 'off' }
  /** A secret was made: the page shows its QR code and text, and waits for the app's first code. */
  | { phase: 'setup'; setup: TwoFactorSetup }
  /** New backup codes, shown once; `enabled` tells the page which notice goes with them. */
  | { phase: 'codes'; codes: readonly string[]; enabled: boolean }
  /** 2FA is on. */
  | { phase: 'on'; backupCodesLeft: number }

/** The page's state: where it is, a request under way, and the last refusal. */
export interface TwoFactorState {
  view: TwoFactorPhase
  busy: boolean
  /** The message of the last refusal, with its values (seconds to wait). */
  error: { id: MessageId; values?: Record<string, number> } | null
  /** A success notice (2FA enabled or disabled). */
  notice: MessageId | null
  /** Until when (clock ms) codes are refused after too many wrong ones; 0 when none. */
  waitUntil: number
}

const INITIAL: TwoFactorState = {
  view: { phase: 'loading' },
  busy: false,
  error: null,
  notice: null,
  waitUntil: 0,
}

/** The 2FA page's state (`/profile/2fa`). */
export const $twoFactor = atom<TwoFactorState>(INITIAL)

let waitTimer: TimerId | undefined

/** A 6-digit PIN from the authenticator app. */
export function isPin(code: string): boolean {
  return /^\d{6}$/.test(code.trim())
}

/** A PIN or a backup code (`xxxx-xxxx`). */
export function isPinOrBackupCode(code: string): boolean {
  return isPin(code) || /^[a-z0-9]{4}-[a-z0-9]{4}$/i.test(code.trim())
}

function update(patch: Partial<TwoFactorState>): void {
  $twoFactor.set({ ...$twoFactor.get(), ...patch })
}

/** Counts the wait down: the submit buttons come back when it is over. */
function startWait(seconds: number): void {
  if (waitTimer !== undefined) clock.clearTimeout(waitTimer)
  const until = clock.now() + seconds * 1000
  update({ waitUntil: until })
  waitTimer = clock.setTimeout(() => {
    waitTimer = undefined
    const state = $twoFactor.get()
    if (state.waitUntil === until) update({ waitUntil: 0, error: null })
  }, seconds * 1000)
}

/** The message of a refused request; a 423 also starts the wait it announces. */
async function refusal(error: unknown): Promise<TwoFactorState['error']> {
  if (!(error instanceof HttpError)) throw error
  const reason = (error.body as { reason?: unknown } | undefined)?.reason
  if (reason === TWO_FACTOR_REASON.wrongCode) return { id: 'twoFactor.errors.wrongCode' }
  if (reason === TWO_FACTOR_REASON.expiredCode) return { id: 'twoFactor.errors.expired' }
  if (reason === TWO_FACTOR_REASON.wrongPassword) return { id: 'twoFactor.errors.wrongPassword' }
  if (reason === TWO_FACTOR_REASON.tooManyAttempts) {
    const seconds = await retryAfter()
    startWait(seconds)
    return { id: 'twoFactor.errors.tooMany', values: { seconds } }
  }
  if (error.status === 0) return { id: 'twoFactor.errors.offline' }
  return { id: 'twoFactor.errors.failed' }
}

/** How long the server makes the agent wait (asked after a 423; at least a second). */
async function retryAfter(): Promise<number> {
  try {
    const status = await api().get(HTTP_PATHS.twoFactor, { schema: TwoFactorStatusSchema })
    return Math.max(1, status.retryAfter)
  } catch {
    return 30
  }
}

/** Runs a request with the page busy; a refusal becomes the page's error and leaves the view as it was. */
async function attempt(run: () => Promise<Partial<TwoFactorState>>): Promise<void> {
  if ($twoFactor.get().busy) return
  update({ busy: true, error: null, notice: null })
  try {
    update({ ...(await run()), busy: false })
  } catch (error) {
    update({ busy: false, error: await refusal(error) })
  }
}

/**
 * Reads whether 2FA is on and how many backup codes remain.
 *
 * @example
 * useEffect(() => void loadTwoFactor(), [])
 */
export async function loadTwoFactor(): Promise<void> {
  update({ ...INITIAL })
  try {
    const status = await api().get(HTTP_PATHS.twoFactor, { schema: TwoFactorStatusSchema })
    update({
      view: status.enabled ? { phase: 'on', backupCodesLeft: status.backupCodesLeft } : { phase: 'off' },
    })
    if (status.retryAfter > 0) startWait(status.retryAfter)
  } catch (error) {
    console.warn('[agent-console] 2FA status could not be read', error)
    update({ view: { phase: 'unavailable' } })
  }
}

/** Asks the server for a new secret and its otpauth URI. */
export function startTwoFactorSetup(): Promise<void> {
  return attempt(async () => ({
    view: {
      phase: 'setup',
      setup: await api().post(HTTP_PATHS.twoFactorSetup, { schema: TwoFactorSetupSchema }),
    },
  }))
}

/** Back to "off" without enabling (the pending secret is never used). */
export function cancelTwoFactorSetup(): void {
  update({ view: { phase: 'off' }, error: null })
}

/** Enables 2FA with the app's first code; on success the 10 backup codes are shown once. */
export function confirmTwoFactorSetup(code: string): Promise<void> {
  if (!isPin(code)) {
    update({ error: { id: 'twoFactor.errors.pinFormat' } })
    return Promise.resolve()
  }
  return attempt(async () => {
    const { backupCodes } = await api().post(HTTP_PATHS.twoFactorEnable, {
      body: { code: code.trim() },
      schema: TwoFactorEnabledSchema,
    })
    return { view: { phase: 'codes', codes: backupCodes, enabled: true }, notice: 'twoFactor.enabled' }
  })
}

/** Turns 2FA off with a PIN or a backup code and the account password. */
export function disableTwoFactor(code: string, password: string): Promise<void> {
  if (!isPinOrBackupCode(code)) {
    update({ error: { id: 'twoFactor.errors.codeFormat' } })
    return Promise.resolve()
  }
  if (password === '') {
    update({ error: { id: 'twoFactor.errors.passwordRequired' } })
    return Promise.resolve()
  }
  return attempt(async () => {
    await api().post(HTTP_PATHS.twoFactorDisable, { body: { code: code.trim(), password }, schema: OkSchema })
    return { view: { phase: 'off' }, notice: 'twoFactor.disabled' }
  })
}

/** Replaces the backup codes (a PIN or a backup code proves it is the agent); the new ones are shown once. */
export function regenerateBackupCodes(code: string): Promise<void> {
  if (!isPinOrBackupCode(code)) {
    update({ error: { id: 'twoFactor.errors.codeFormat' } })
    return Promise.resolve()
  }
  return attempt(async () => {
    const { backupCodes } = await api().post(HTTP_PATHS.twoFactorBackupCodes, {
      body: { code: code.trim() },
      schema: TwoFactorEnabledSchema,
    })
    return { view: { phase: 'codes', codes: backupCodes, enabled: false } }
  })
}

/** The agent saved the codes: they are forgotten, and the page shows 2FA on with all of them left. */
export function closeBackupCodes(): void {
  const { view } = $twoFactor.get()
  if (view.phase !== 'codes') return
  update({ view: { phase: 'on', backupCodesLeft: view.codes.length }, error: null })
}

/** Forgets everything (leaving the page, logout): backup codes never linger in memory. */
export function resetTwoFactor(): void {
  if (waitTimer !== undefined) clock.clearTimeout(waitTimer)
  waitTimer = undefined
  $twoFactor.set(INITIAL)
}

onLogout(resetTwoFactor)
