import { atom } from 'nanostores'
import { storedJSON, tabJSON } from '../../services/storage'

/** The session's token pair. */
export interface Tokens {
  accessToken: string
  refreshToken: string
  /** Remember me: the pair survives browser restarts (localStorage), else only this tab's session. */
  remember: boolean
}

// Where the pair is kept: localStorage with remember-me, else this tab's sessionStorage.
const $remembered = storedJSON<unknown>('tokens', null)
const $thisTab = tabJSON<unknown>('tokens', null)

/** A stored pair as it was written, or null when it is absent or not a pair (tampered, old). */
function asTokens(stored: unknown): Tokens | null {
  if (!stored || typeof stored !== 'object') return null
  const { accessToken, refreshToken, remember } = stored as Partial<Record<keyof Tokens, unknown>>
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null
  return { accessToken, refreshToken, remember: remember === true }
}

/** The tokens of the signed-in agent, or null when signed out. Restored from storage on load. */
export const $tokens = atom<Tokens | null>(asTokens($thisTab.get()) ?? asTokens($remembered.get()))

/**
 * Keeps a new token pair: in memory, and in localStorage with remember-me or sessionStorage without,
 * so a reload keeps the session and only remember-me survives closing the browser.
 */
export function setTokens(tokens: Tokens): void {
  $remembered.set(tokens.remember ? tokens : undefined)
  $thisTab.set(tokens.remember ? undefined : tokens)
  $tokens.set(tokens)
}

/** Forgets the tokens everywhere (logout, expiry). */
export function clearTokens(): void {
  $remembered.set(undefined)
  $thisTab.set(undefined)
  $tokens.set(null)
}
