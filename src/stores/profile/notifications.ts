import { atom, computed } from 'nanostores'
import { createIntl, createIntlCache } from '@formatjs/intl'
import type { NotificationsUpdate } from '../../protocol'
import { showDesktopNotification } from '../../services/desktop-notifications'
import { realtime } from '../session/connection'
import { $messages, type MessageId } from '../app/i18n'
import { onLogout } from '../session/logout'
import { notify, type ToastInput } from '../app/toasts'

const EMPTY: NotificationsUpdate = { notifications: [], total: 0, unread: 0 }

/** The agent's notifications as the server last sent them (`notifications:update`). */
export const $notifications = atom<NotificationsUpdate>(EMPTY)

/** How many are unread: the badge on the profile link. */
export const $unreadCount = computed($notifications, (update) => update.unread)

/**
 * Keeps a `notifications:update` (the realtime session calls this).
 *
 * @example
 * realtime().on('notifications:update', receiveNotifications)
 */
export function receiveNotifications(update: NotificationsUpdate): void {
  $notifications.set(update)
}

/** Asks the server for the latest notifications; they arrive as `notifications:update`. */
export function requestNotifications(): void {
  realtime().emit('notification:request', {})
}

/**
 * Marks notifications read (all of them without ids); the new count arrives as `notifications:update`.
 *
 * @example
 * markNotificationsRead([notification.id])
 */
export function markNotificationsRead(ids?: string[]): void {
  realtime().emit('notifications:read', ids ? { ids } : {})
}

const cache = createIntlCache()

/**
 * Translates a message outside React (desktop notifications), in the session's language; the id
 * itself until the messages have loaded.
 *
 * @example
 * translate('status.offline')
 */
export function translate(id: MessageId, values?: Record<string, string | number>): string {
  const loaded = $messages.get()
  if (!loaded) return id
  const intl = createIntl({ locale: loaded.locale, messages: loaded.messages, defaultLocale: 'en' }, cache)
  return intl.formatMessage({ id }, values)
}

/** A toast that may also show as a desktop notification. */
export type AgentAlert = ToastInput & {
  /** Also show it on the desktop when the page is hidden and the device is not mobile (SPEC §9). */
  desktop?: boolean
}

/**
 * Tells the agent something: an in-page toast with the §9 durations, and a desktop notification
 * when asked for and the page is hidden on a non-mobile device.
 *
 * @example
 * alertAgent({ variant: 'warning', messageId: 'session.expired', desktop: true })
 */
export function alertAgent(alert: AgentAlert): string {
  const { desktop, ...toast } = alert
  if (desktop)
    showDesktopNotification(translate('app.name'), translate(toast.messageId, toast.values), toast.key)
  return notify(toast)
}

onLogout(() => $notifications.set(EMPTY))
