import { atom } from 'nanostores'
import { persistent, perTab } from '../../services/storage'

/** The session's token pair. */
export interface Tokens {
  accessToken: string
  refreshToken: string
  /** Remember me: the pair survives browser restarts (localStorage), else only this tab's session. */
  remember: boolean
}

const KEY = 'tokens'

function restore(): Tokens | null {
  for (const area of [perTab, persistent]) {
    const raw = area.get(KEY)
    if (!raw) continue
    try {
      const parsed = JSON.parse(raw) as Partial<Tokens>
      if (typeof parsed.accessToken === 'string' && typeof parsed.refreshToken === 'string')
        return {
          accessToken: parsed.accessToken,
          refreshToken: parsed.refreshToken,
          remember: !!parsed.remember,
        }
    } catch {
      area.remove(KEY)
    }
  }
  return null
}

/** The tokens of the signed-in agent, or null when signed out. Restored from storage on load. */
export const $tokens = atom<Tokens | null>(typeof window === 'undefined' ? null : restore())

/**
 * Keeps a new token pair: in memory, and in localStorage with remember-me or sessionStorage without,
 * so a reload keeps the session and only remember-me survives closing the browser.
 */
export function setTokens(tokens: Tokens): void {
  const raw = JSON.stringify(tokens)
  if (tokens.remember) {
    persistent.set(KEY, raw)
    perTab.remove(KEY)
  } else {
    perTab.set(KEY, raw)
    persistent.remove(KEY)
  }
  $tokens.set(tokens)
}

/** Forgets the tokens everywhere (logout, expiry). */
export function clearTokens(): void {
  persistent.remove(KEY)
  perTab.remove(KEY)
  $tokens.set(null)
}
