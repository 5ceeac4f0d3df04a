import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $profile, loadProfile } from '../../stores/profile/profile-user'
import { $feedback } from '../../stores/profile/feedback'
import { GenericError } from '../common/GenericError'
import { PageLoading } from '../common/PageStates'
import { ProfileMenu } from './ProfileMenu'
import { FeedbackDialog } from './FeedbackDialog'

/** `/profile`: who the agent is (name, email, account) and the menu of the profile's pages. */
export function ProfileOverview() {
  const profile = useStore($profile)
  const feedback = useStore($feedback)
  useEffect(() => void loadProfile(), [])
  return (
    <section className="page profile-page" aria-labelledby="page-title">
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profile" />
        </h2>
      </header>
      <section className="card profile-card">
        {profile.status === 'failed' ? (
          <GenericError retryWhenOnline messageId="profile.failed" onRetry={() => void loadProfile()} />
        ) : profile.status === 'loaded' ? (
          <>
            <sl-icon name="person-circle" aria-hidden="true" className="avatar"></sl-icon>
            <dl className="field-list">
              <div className="pair">
                <dt>
                  <FormattedMessage id="profile.name" />
                </dt>
                <dd className="profile-name">{`${profile.user.firstname} ${profile.user.lastname}`}</dd>
              </div>
              <div className="pair">
                <dt>
                  <FormattedMessage id="profile.email" />
                </dt>
                <dd className="profile-email">{profile.user.email}</dd>
              </div>
              <div className="pair">
                <dt>
                  <FormattedMessage id="profile.account" />
                </dt>
                <dd className="profile-account">{profile.user.account.name}</dd>
              </div>
            </dl>
          </>
        ) : (
          <PageLoading />
        )}
      </section>
      <ProfileMenu />
      {feedback.status !== 'closed' && <FeedbackDialog />}
    </section>
  )
}
