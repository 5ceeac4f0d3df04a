import { computed } from 'nanostores'
import { $tokens } from './tokens'
import { $hostSession } from '../app/config'

/**
 * The end of a session, as every store sees it. Stores register a reset with `onLogout`; it runs
 * however the tokens went away (logout, refresh-token expiry, a forced disconnect, another tab).
 */

const listeners = new Set<() => void>()

/**
 * True while an agent is signed in (a token pair is held). With a host page's token provider, only the
 * host's tokens count (they have no refresh token): a session left in storage by an earlier login must
 * not open the console, and send requests without a token, while the provider is being asked.
 */
export const $signedIn = computed(
  [$tokens, $hostSession],
  (tokens, host) => tokens !== null && (!host || tokens.refreshToken === null),
)

/**
 * Registers a reset to run when the session ends. Returns a function that unregisters it.
 *
 * @example
 * onLogout(() => $calendarDay.set(null))
 */
export function onLogout(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// A module-level listener on purpose: resets must run even when no view is mounted.
$tokens.listen((tokens, previous) => {
  if (tokens || !previous) return
  for (const listener of [...listeners])
    try {
      listener()
    } catch (error) {
      console.error('[agent-console] a logout reset failed', error)
    }
})
