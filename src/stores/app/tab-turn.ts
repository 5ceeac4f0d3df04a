import { PERSISTENT } from '../../constants'
import { $tabRole } from './tab-role'
import { dismissToast, notify } from './toasts'

const ELSEWHERE_KEY = 'tab-elsewhere'

/**
 * Runs `go` once this tab is the browser's active console tab (a call rings once per agent, not once
 * per tab). While another tab holds the turn, the agent is told, until this tab gets it (the other tab
 * closed). Returns a function that stops waiting.
 *
 * @example
 * const stopWaiting = whenActiveTab(() => connectRealtime())
 */
export function whenActiveTab(go: () => void): () => void {
  let done = false
  const stop = $tabRole.subscribe((role) => {
    if (done) return
    if (role === 'elsewhere')
      notify({
        variant: 'warning',
        messageId: 'call.tab.elsewhere',
        duration: PERSISTENT,
        key: ELSEWHERE_KEY,
      })
    if (role !== 'active') return
    done = true
    dismissToast(ELSEWHERE_KEY)
    // Leave the subscribe call before acting: `go` may subscribe again.
    queueMicrotask(() => {
      stop()
      go()
    })
  })
  return () => {
    done = true
    dismissToast(ELSEWHERE_KEY)
    stop()
  }
}
