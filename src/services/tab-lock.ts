/**
 * One console tab per browser is the active one (it rings and holds the realtime link); the others
 * wait. Web Locks do it: the active tab holds a named lock for as long as it lives, and the browser
 * hands it to a waiting tab the moment the holder closes or crashes.
 */

/** Name of the lock the active tab holds. */
export const ACTIVE_TAB_LOCK = 'agent-console:active-tab'

/** What the lock tells its holder-to-be. */
export interface TabLockCallbacks {
  /** This tab is the active one now. */
  onActive(): void
  /** Another tab holds the lock; this one waits and gets `onActive` when it frees. */
  onWaiting(): void
}

/**
 * Asks for the active-tab lock. Without Web Locks (old browsers, some embedded views) every tab is
 * active. Returns the release (the tab leaves or gives up its turn).
 *
 * @example
 * const release = claimActiveTab({ onActive: () => ring(), onWaiting: () => showElsewhere() })
 */
export function claimActiveTab(callbacks: TabLockCallbacks): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) {
    callbacks.onActive()
    return () => undefined
  }
  const abort = new AbortController()
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  const hold = () => {
    callbacks.onActive()
    return held
  }
  void locks
    .request(ACTIVE_TAB_LOCK, { ifAvailable: true }, (lock) => {
      if (lock) return hold()
      callbacks.onWaiting()
      // Queue for the lock: granted when the active tab goes away.
      void locks.request(ACTIVE_TAB_LOCK, { signal: abort.signal }, hold).catch(() => undefined)
      return undefined
    })
    .catch(() => callbacks.onActive())
  return () => {
    abort.abort()
    release()
  }
}
