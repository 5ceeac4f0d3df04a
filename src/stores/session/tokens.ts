import { atom } from 'nanostores'
import { storedJSON, tabJSON } from '../../services/storage'

/** The session's tokens. */
export interface Tokens {
  /** The access token: in memory only, never stored; empty after a reload until the first renewal. */
  accessToken: string
  /**
   * The refresh token when the server handed it to the page (an API on another site); null when it sits
   * in the server's HttpOnly cookie, out of reach of page scripts.
   */
  refreshToken: string | null
  /** Remember me: the session survives browser restarts (localStorage, or a persistent cookie). */
  remember: boolean
}

/** What is stored of a session: never the access token, and no secret at all in cookie mode. */
interface StoredSession {
  refreshToken: string | null
  remember: boolean
}

// Where the session is noted: localStorage with remember-me, else this tab's sessionStorage.
const $remembered = storedJSON<unknown>('tokens', null)
const $thisTab = tabJSON<unknown>('tokens', null)

/** A stored session as it was written, or null when it is absent or not one (tampered, old). */
function asStored(stored: unknown): StoredSession | null {
  if (!stored || typeof stored !== 'object') return null
  const { refreshToken, remember } = stored as Partial<Record<keyof StoredSession, unknown>>
  if (typeof refreshToken !== 'string' && refreshToken !== null) return null
  return { refreshToken, remember: remember === true }
}

function restore(): Tokens | null {
  const stored = asStored($thisTab.get()) ?? asStored($remembered.get())
  // Older consoles stored the access token too: it is dropped, the first call renews it.
  if (stored) $thisTab.set(stored.remember ? undefined : stored)
  if (stored?.remember) $remembered.set(stored)
  return stored ? { accessToken: '', ...stored } : null
}

/**
 * The tokens of the signed-in agent, or null when signed out. After a reload the session is restored
 * with an empty access token; the first call (or the socket) renews it.
 */
export const $tokens = atom<Tokens | null>(restore())

/**
 * Keeps new tokens: the access token in memory only; the refresh token (when the page holds one) in
 * localStorage with remember-me or sessionStorage without, so a reload keeps the session and only
 * remember-me survives closing the browser. In cookie mode only that a session exists is noted.
 */
export function setTokens(tokens: Tokens): void {
  const stored: StoredSession = { refreshToken: tokens.refreshToken, remember: tokens.remember }
  $remembered.set(tokens.remember ? stored : undefined)
  $thisTab.set(tokens.remember ? undefined : stored)
  $tokens.set(tokens)
}

/** Forgets the tokens everywhere (logout, expiry). */
export function clearTokens(): void {
  $remembered.set(undefined)
  $thisTab.set(undefined)
  $tokens.set(null)
}

/**
 * Keeps tokens the host page handed in (its token provider): in memory only, and any session stored
 * by an earlier login on this origin is forgotten, so a reload asks the host again.
 */
export function holdTokens(tokens: Tokens): void {
  $remembered.set(undefined)
  $thisTab.set(undefined)
  $tokens.set(tokens)
}
