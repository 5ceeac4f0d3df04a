import { useEffect } from 'react'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $notifications,
  markNotificationsRead,
  requestNotifications,
} from '../../stores/profile/notifications'

/** `/profile/notifications`: the agent's notifications, unread first marked, with "mark all as read". */
export default function NotificationsPage() {
  const { notifications, unread } = useStore($notifications)
  useEffect(() => requestNotifications(), [])
  return (
    <section className="page" aria-labelledby="page-title">
      <h2 id="page-title">
        <FormattedMessage id="pages.profileNotifications" />
      </h2>
      {unread > 0 && (
        <button type="button" className="button" onClick={() => markNotificationsRead()}>
          <FormattedMessage id="pages.notificationsMarkRead" />
        </button>
      )}
      {notifications.length === 0 ? (
        <p className="help">
          <FormattedMessage id="pages.notificationsEmpty" />
        </p>
      ) : (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <li key={notification.id} data-unread={notification.readAt === null}>
              <strong>{notification.title}</strong>
              {notification.readAt === null && (
                <span className="unread-tag">
                  <FormattedMessage id="pages.notificationsUnread" />
                </span>
              )}
              <p>{notification.body}</p>
              <small>
                <FormattedDate value={notification.createdAt} dateStyle="medium" timeStyle="short" />
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
