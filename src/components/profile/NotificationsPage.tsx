import { MarkReadButton } from './MarkReadButton'
import { useEffect } from 'react'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { DEFAULT_PAGE_SIZE } from '../../constants'
import { $unreadCount } from '../../stores/profile/notifications'
import {
  $notificationsMarkFailed,
  $notificationsPage,
  markRead,
  notificationsList,
  watchNotificationsPage,
} from '../../stores/profile/notifications-page'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { PageEmpty, PageLoading } from '../common/PageStates'
import { Pager } from '../common/Pager'
import { pageStyles } from '../pages/pages.styles'
import { ProfileBackLink } from './ProfileBackLink'
import { selectKey } from '../common/select-key'

/**
 * `/profile/notifications`: the agent's notifications, newest first, 10 a page; unread ones marked,
 * each can be marked read, or all at once. The profile badge follows at once.
 */
export default function NotificationsPage() {
  useShadowStyles(controlStyles, pageStyles)
  const state = useStore($notificationsPage)
  const unread = useStore($unreadCount)
  const markFailed = useStore($notificationsMarkFailed)
  useEffect(() => watchNotificationsPage(), [])
  return (
    <section className="page notifications-page" aria-labelledby="page-title">
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profileNotifications" />
        </h2>
        <div className="actions">
          {unread > 0 && (
            <button type="button" className="button small mark-all" onClick={() => void markRead()}>
              <FormattedMessage id="pages.notificationsMarkRead" />
            </button>
          )}
        </div>
      </header>
      {markFailed && (
        <p className="notice danger" role="alert">
          <FormattedMessage id="notifications.markFailed" />
        </p>
      )}
      {/* A page size of 0: nothing has loaded yet. */}
      {state.failed ? (
        <GenericError
          retryWhenOnline
          messageId="notifications.failed"
          onRetry={() => void notificationsList.refresh()}
        />
      ) : state.limit === 0 ? (
        <PageLoading />
      ) : state.rows.length === 0 ? (
        <PageEmpty messageId="pages.notificationsEmpty" />
      ) : (
        <>
          <ul className="item-list notification-list" aria-busy={state.loading}>
            {state.rows.map((notification) => {
              const isUnread = notification.readAt === null
              return (
                <li key={notification.id} data-unread={isUnread} data-id={notification.id}>
                  <div className="item-head">
                    <strong>{notification.title}</strong>
                    <span className="tag">
                      <FormattedMessage
                        id="notifications.kind"
                        values={{ kind: selectKey(notification.kind) }}
                      />
                    </span>
                    {isUnread && (
                      <span className="tag primary">
                        <FormattedMessage id="pages.notificationsUnread" />
                      </span>
                    )}
                    {isUnread && (
                      <MarkReadButton
                        title={notification.title}
                        onMark={() => void markRead([notification.id])}
                      />
                    )}
                  </div>
                  <p>{notification.body}</p>
                  <span className="meta">
                    <FormattedDate value={notification.createdAt} dateStyle="medium" timeStyle="short" />
                  </span>
                </li>
              )
            })}
          </ul>
          <Pager
            page={state.page}
            total={state.total}
            pageSize={state.limit || DEFAULT_PAGE_SIZE}
            busy={state.loading}
            onPage={(page) => void notificationsList.load(page)}
          />
        </>
      )}
    </section>
  )
}
