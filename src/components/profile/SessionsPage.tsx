import { useEffect, useRef } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $sessions,
  endOtherSessions,
  endSession,
  loadSessions,
  watchSessionsPage,
} from '../../stores/profile/sessions'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { PageLoading } from '../common/PageStates'
import { pageStyles } from '../pages/pages.styles'
import { ProfileBackLink } from './ProfileBackLink'
import { sessionDeviceName } from './session-device-name'

/**
 * `/profile/sessions`: the agent's live sign-ins (ASVS 7.4.5), newest first: device, address, when it
 * began and was last used, "This device" on the agent's own. Each other one can be ended, or all of them
 * at once (ASVS 7.5.2): that browser is signed out at once and told why.
 */
export default function SessionsPage() {
  useShadowStyles(controlStyles, pageStyles)
  const intl = useIntl()
  const state = useStore($sessions)
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => watchSessionsPage(), [])
  // The button pressed is gone with its session: the keyboard goes back to the page's title, and the
  // status line below it says what happened.
  const ended = (done: boolean) => {
    if (done) title.current?.focus()
  }
  const others = state.sessions.filter((session) => !session.current)
  const busy = state.ending !== null
  return (
    <section className="page sessions-page" aria-labelledby="page-title">
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title" ref={title} tabIndex={-1}>
          <FormattedMessage id="pages.profileSessions" />
        </h2>
        <div className="actions">
          {others.length > 0 && (
            <button
              type="button"
              className="button small end-others"
              disabled={busy}
              onClick={() => void endOtherSessions().then(ended)}
            >
              <FormattedMessage id="sessions.endOthers" />
            </button>
          )}
        </div>
      </header>
      <p className="meta">
        <FormattedMessage id="sessions.intro" />
      </p>
      <p className="meta sessions-status" role="status">
        {state.ended !== null && <FormattedMessage id="sessions.ended" values={{ count: state.ended }} />}
      </p>
      {state.endFailed && (
        <p className="notice danger" role="alert">
          <FormattedMessage id="sessions.endFailed" />
        </p>
      )}
      {state.phase === 'failed' ? (
        <GenericError retryWhenOnline messageId="sessions.failed" onRetry={() => void loadSessions()} />
      ) : state.phase === 'loading' ? (
        <PageLoading />
      ) : (
        <ul className="item-list session-list">
          {state.sessions.map((session) => {
            const deviceId = `session-${session.id}`
            return (
              <li key={session.id} data-id={session.id} data-current={session.current}>
                <div className="item-head">
                  <strong id={deviceId} className="device">
                    {sessionDeviceName(intl, session.device)}
                  </strong>
                  {session.current ? (
                    <span className="tag primary">
                      <FormattedMessage id="sessions.thisDevice" />
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button small end-session"
                      aria-describedby={deviceId}
                      disabled={busy}
                      onClick={() => void endSession(session.id).then(ended)}
                    >
                      <FormattedMessage id="sessions.end" />
                    </button>
                  )}
                </div>
                <dl className="field-list">
                  <div className="pair">
                    <dt>
                      <FormattedMessage id="sessions.address" />
                    </dt>
                    <dd className="address">
                      {session.address ?? <FormattedMessage id="sessions.unknownAddress" />}
                    </dd>
                  </div>
                  <div className="pair">
                    <dt>
                      <FormattedMessage id="sessions.lastUsed" />
                    </dt>
                    <dd className="last-used">
                      <FormattedDate
                        value={session.lastUsedAt ?? session.createdAt}
                        dateStyle="medium"
                        timeStyle="short"
                      />
                    </dd>
                  </div>
                  <div className="pair">
                    <dt>
                      <FormattedMessage id="sessions.signedIn" />
                    </dt>
                    <dd className="signed-in">
                      <FormattedDate value={session.createdAt} dateStyle="medium" timeStyle="short" />
                    </dd>
                  </div>
                </dl>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
