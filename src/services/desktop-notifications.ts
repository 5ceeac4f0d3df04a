/**
 * Desktop (system) notifications. SPEC §9: shown only when the page is hidden and the device is not
 * mobile; the in-page toast covers every other case.
 */

interface UserAgentData {
  mobile?: boolean
}

/**
 * Whether the device is a phone or tablet: the User-Agent Client Hints when the browser has them,
 * else the user agent string.
 *
 * @example
 * if (!isMobileDevice()) showDesktopNotification('Call', 'A customer is waiting')
 */
export function isMobileDevice(): boolean {
  const hints = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData
  if (typeof hints?.mobile === 'boolean') return hints.mobile
  return /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
}

/** Whether a desktop notification would show now: supported, allowed, page hidden, not mobile. */
export function desktopNotificationsWanted(): boolean {
  return (
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    document.visibilityState === 'hidden' &&
    !isMobileDevice()
  )
}

/**
 * Asks for the permission once, from a user gesture (the login or connect click). Never throws.
 *
 * @example
 * button.onclick = () => void askDesktopPermission()
 */
export async function askDesktopPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported'
  if (Notification.permission !== 'default') return Notification.permission
  try {
    return await Notification.requestPermission()
  } catch {
    return Notification.permission
  }
}

/**
 * Shows a desktop notification if one is wanted now (see `desktopNotificationsWanted`); clicking it
 * brings the console's tab forward. Returns it, or null when none was shown.
 *
 * @example
 * showDesktopNotification('Agent console', 'Your session has expired', 'session')
 */
export function showDesktopNotification(title: string, body: string, tag?: string): Notification | null {
  if (!desktopNotificationsWanted()) return null
  try {
    const notification = new Notification(title, tag ? { body, tag } : { body })
    notification.onclick = () => {
      window.focus()
      notification.close()
    }
    return notification
  } catch (error) {
    // Some browsers only allow notifications from a service worker.
    console.warn('[agent-console] desktop notification refused', error)
    return null
  }
}
