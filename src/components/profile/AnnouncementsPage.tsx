import { MarkReadButton } from './MarkReadButton'
import { useEffect } from 'react'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { DEFAULT_PAGE_SIZE } from '../../constants'
import {
  $announcements,
  $announcementsUnread,
  loadAnnouncements,
  markAnnouncementsRead,
} from '../../stores/profile/announcements'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { PageEmpty, PageLoading } from '../common/PageStates'
import { Pager } from '../common/Pager'
import { pageStyles } from '../pages/pages.styles'
import { profileStyles } from './profile.styles'
import { ProfileBackLink } from './ProfileBackLink'

/** `/profile/announcements`: the account's announcements, newest first, unread ones marked. */
export default function AnnouncementsPage() {
  useShadowStyles(controlStyles, pageStyles, profileStyles)
  const state = useStore($announcements)
  const unread = useStore($announcementsUnread)
  useEffect(() => void loadAnnouncements(1), [])
  return (
    <section className="page announcements-page" aria-labelledby="page-title">
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profileAnnouncements" />
        </h2>
        <div className="actions">
          {unread > 0 && (
            <button
              type="button"
              className="button small mark-all"
              onClick={() => void markAnnouncementsRead()}
            >
              <FormattedMessage id="announcements.markAll" />
            </button>
          )}
        </div>
      </header>
      {state.markFailed && (
        <p className="notice danger" role="alert">
          <FormattedMessage id="announcements.markFailed" />
        </p>
      )}
      {state.status === 'failed' ? (
        <GenericError
          retryWhenOnline
          messageId="announcements.failed"
          onRetry={() => void loadAnnouncements(state.page)}
        />
      ) : state.status !== 'loaded' && state.items.length === 0 ? (
        <PageLoading />
      ) : state.items.length === 0 ? (
        <PageEmpty messageId="announcements.empty" />
      ) : (
        <>
          <ul className="item-list announcement-list" aria-busy={state.status === 'loading'}>
            {state.items.map((item) => (
              <li key={item.id} data-unread={!item.read} data-id={item.id}>
                <div className="item-head">
                  <strong>{item.title}</strong>
                  {!item.read && (
                    <span className="tag primary">
                      <FormattedMessage id="pages.notificationsUnread" />
                    </span>
                  )}
                  {!item.read && (
                    <MarkReadButton title={item.title} onMark={() => void markAnnouncementsRead([item.id])} />
                  )}
                </div>
                <p>{item.body}</p>
                <span className="meta">
                  <FormattedMessage
                    id="announcements.byline"
                    values={{
                      author: item.author,
                      date: <FormattedDate value={item.createdAt} dateStyle="medium" timeStyle="short" />,
                    }}
                  />
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={state.page}
            total={state.total}
            pageSize={DEFAULT_PAGE_SIZE}
            busy={state.status === 'loading'}
            onPage={(page) => void loadAnnouncements(page)}
          />
        </>
      )}
    </section>
  )
}
