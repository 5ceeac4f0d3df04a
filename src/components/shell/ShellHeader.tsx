import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $appVersions } from '../../stores/app/app-update'
import { $calendarEnabled } from '../../stores/profile/settings'
import { $user, logout } from '../../stores/session/session'
import { StatusArea } from '../status/StatusArea'

interface ShellHeaderProps {
  /** Opens the create-appointment drawer. */
  onSchedule: () => void
}

/** The shell's header: name and version tag, status and time connected, schedule and log out. */
export function ShellHeader({ onSchedule }: ShellHeaderProps) {
  const intl = useIntl()
  const { loaded } = useStore($appVersions)
  const calendar = useStore($calendarEnabled)
  const user = useStore($user)
  return (
    <header className="shell-header" part="header" aria-label={intl.formatMessage({ id: 'shell.header' })}>
      <div className="brand">
        <strong>
          <FormattedMessage id="app.name" />
        </strong>
        {loaded && (
          <span className="version-tag">
            <FormattedMessage id="app.version" values={{ version: loaded }} />
          </span>
        )}
      </div>
      {user && <span className="user-name">{`${user.firstname} ${user.lastname}`}</span>}
      <StatusArea />
      <div className="header-actions">
        {calendar && (
          <button type="button" className="button" onClick={onSchedule}>
            <sl-icon name="calendar-event" aria-hidden="true"></sl-icon>
            <FormattedMessage id="shell.schedule" />
          </button>
        )}
        <button type="button" className="button text" onClick={() => void logout()}>
          <sl-icon name="box-arrow-right" aria-hidden="true"></sl-icon>
          <FormattedMessage id="session.logout" />
        </button>
      </div>
    </header>
  )
}
