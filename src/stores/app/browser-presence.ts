import { atom } from 'nanostores'
import { WAKE_CHECK_MS, WAKE_GAP_MS } from '../../constants'
import { clock } from '../../services/clock'

/** Whether the browser believes it is online (`navigator.onLine`, kept up to date by its events). */
export const $browserOnline = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine)

/** What to do when the machine's situation changes. */
export interface PresenceHandlers {
  /** The browser lost the network. */
  offline(): void
  /** The browser has the network again. */
  online(): void
  /** Time jumped (the machine slept and woke up: timers did not run meanwhile), or the tab became visible. */
  wake(): void
}

/**
 * Watches the browser's network state and sleep: `online`/`offline` events, and a timer that notices
 * when much more time passed between two of its ticks than it asked for. Returns the stop function.
 *
 * @example
 * const stop = watchPresence({ offline: pause, online: reconnectNow, wake: reconnectNow })
 */
export function watchPresence(handlers: PresenceHandlers): () => void {
  const onOffline = () => {
    $browserOnline.set(false)
    handlers.offline()
  }
  const onOnline = () => {
    $browserOnline.set(true)
    handlers.online()
  }
  // A hidden tab's timers are throttled: coming back into view must not wait out a stretched back-off.
  const onVisibility = () => {
    if (document.visibilityState === 'visible') handlers.wake()
  }
  window.addEventListener('offline', onOffline)
  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisibility)
  $browserOnline.set(navigator.onLine)
  let last = clock.now()
  const timer = clock.setInterval(() => {
    const now = clock.now()
    const slept = now - last > WAKE_CHECK_MS + WAKE_GAP_MS
    last = now
    if (slept) handlers.wake()
  }, WAKE_CHECK_MS)
  return () => {
    window.removeEventListener('offline', onOffline)
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisibility)
    clock.clearInterval(timer)
  }
}
