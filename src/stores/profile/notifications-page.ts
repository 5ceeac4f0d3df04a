import { atom } from 'nanostores'
import {
  HTTP_PATHS,
  NotificationSchema,
  encodeListQuery,
  pagedSchema,
  skipOf,
  type Notification,
} from '../../protocol'
import { DEFAULT_PAGE_SIZE } from '../../constants'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { createPagedList } from '../directory/paged-list'
import { $notifications, markNotificationsRead } from './notifications'

const NotificationPageSchema = pagedSchema(NotificationSchema)

/** The notifications page's list: 10 a page, newest first, from `GET /notifications`. */
export const notificationsList = createPagedList<Notification>((page) =>
  api().get(
    HTTP_PATHS.notifications +
      encodeListQuery({ $limit: DEFAULT_PAGE_SIZE, $skip: skipOf(page, DEFAULT_PAGE_SIZE) }),
    { schema: NotificationPageSchema },
  ),
)

/** The page's list state. */
export const $notificationsPage = notificationsList.$state

/** Marking read failed (the page says so; nothing changed). */
export const $notificationsMarkFailed = atom(false)

/**
 * Shows the notifications page: loads its first page and reloads the page on screen whenever the
 * server's list changes (a new notification, a read elsewhere). Returns the stop.
 *
 * @example
 * useEffect(() => watchNotificationsPage(), [])
 */
export function watchNotificationsPage(): () => void {
  $notificationsMarkFailed.set(false)
  void notificationsList.load(1)
  const stop = $notifications.listen(() => void notificationsList.refresh())
  return () => {
    stop()
    notificationsList.reset()
  }
}

/**
 * Marks one notification, or all of them, read on the server.
 *
 * @example
 * await markRead([notification.id])
 */
export async function markRead(ids?: string[]): Promise<void> {
  $notificationsMarkFailed.set(false)
  try {
    await markNotificationsRead(ids)
  } catch (error) {
    console.warn('[agent-console] notifications could not be marked read', error)
    $notificationsMarkFailed.set(true)
  }
}

onLogout(() => {
  $notificationsMarkFailed.set(false)
  notificationsList.reset()
})
