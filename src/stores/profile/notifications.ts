import { atom, computed, onMount } from 'nanostores'
import * as v from 'valibot'
import { createIntl, createIntlCache } from '@formatjs/intl'
import { NotificationsUpdateSchema, type NotificationsUpdate } from '../../protocol'
import { showDesktopNotification } from '../../services/desktop-notifications'
import { openTabChannel, type TabChannel } from '../../services/tab-channel'
import { realtime } from '../session/connection'
import { $link } from '../session/link-state'
import { $messages, type MessageId } from '../app/i18n'
import { onLogout } from '../session/logout'
import { notify, type ToastInput } from '../app/toasts'

const EMPTY: NotificationsUpdate = { notifications: [], total: 0, unread: 0 }

/** The agent's notifications as the server last sent them (`notifications:update`). */
export const $notifications = atom<NotificationsUpdate>(EMPTY)

/** How many are unread: the badge on the profile link. */
export const $unreadCount = computed($notifications, (update) => update.unread)

/** What the console's tabs tell each other about notifications. */
type TabMessage = { type: 'update'; update: NotificationsUpdate } | { type: 'ask' }

let tabs: TabChannel<TabMessage> | null = null

// The tab holding the link shares every update; the others keep it (their badge follows too).
function tabChannel(): TabChannel<TabMessage> {
  tabs ??= openTabChannel<TabMessage>('notifications', (message) => {
    if (message?.type === 'ask') {
      if ($link.get().state === 'online') tabs?.post({ type: 'update', update: $notifications.get() })
      return
    }
    if (message?.type !== 'update') return
    const parsed = v.safeParse(NotificationsUpdateSchema, message.update)
    if (parsed.success) $notifications.set(parsed.output)
    else console.warn('[agent-console] dropped a malformed notifications message from another tab')
  })
  return tabs
}

// A tab showing the badge asks the tab that holds the link for the current list.
onMount($notifications, () => tabChannel().post({ type: 'ask' }))

/**
 * Keeps a `notifications:update` (the realtime session calls this) and passes it to the other tabs.
 *
 * @example
 * realtime().on('notifications:update', receiveNotifications)
 */
export function receiveNotifications(update: NotificationsUpdate): void {
  $notifications.set(update)
  tabChannel().post({ type: 'update', update })
}

/** Asks the server for the latest notifications; they arrive as `notifications:update`. */
export function requestNotifications(): void {
  realtime().emit('notification:request', {})
}

/**
 * Marks notifications read on the server (all of them without ids); the badge follows the server's
 * answer at once (every socket of the agent also gets `notifications:update`). Rejects when refused.
 *
 * @example
 * await markNotificationsRead([notification.id])
 */
export async function markNotificationsRead(ids?: string[]): Promise<void> {
  const update = await realtime().request('notifications:read', ids ? { ids } : {}, NotificationsUpdateSchema)
  receiveNotifications(update)
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
