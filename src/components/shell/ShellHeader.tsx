import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $appVersions } from '../../stores/app/app-update'
import { $calendarEnabled } from '../../stores/profile/settings'
import { $user, logout } from '../../stores/session/session'
import { StatusArea } from '../status/StatusArea'

interface ShellHeaderProps {
  /** Opens the create-appointment drawer. */
  onSchedule: () => void
  /** Opens the keyboard shortcuts' help. */
  onShortcuts: () => void
}

/** The shell's header: name and version tag, status and time connected, schedule and log out. */
export function ShellHeader({ onSchedule, onShortcuts }: ShellHeaderProps) {
  const intl = useIntl()
  const { loaded } = useStore($appVersions)
  const calendar = useStore($calendarEnabled)
  const user = useStore($user)
  return (
    <header className="shell-header" part="header" aria-label={intl.formatMessage({ id: 'shell.header' })}>
      <div className="brand">
        {/* The screen's one h1 (every screen of the shell has one): the console's name, as it always showed. */}
        <h1 className="brand-name">
          <FormattedMessage id="app.name" />
        </h1>
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
          // The title names the button where a narrow header shows its icon only.
          <button
            type="button"
            className="button schedule-button"
            title={intl.formatMessage({ id: 'shell.schedule' })}
            onClick={onSchedule}
          >
            <sl-icon name="calendar-event" aria-hidden="true"></sl-icon>
            <span className="button-label">
              <FormattedMessage id="shell.schedule" />
            </span>
          </button>
        )}
        <button
          type="button"
          className="button text shortcuts-button"
          aria-label={intl.formatMessage({ id: 'shortcuts.open' })}
          title={intl.formatMessage({ id: 'shortcuts.open' })}
          aria-keyshortcuts="?"
          onClick={onShortcuts}
        >
          ?
        </button>
        <button
          type="button"
          className="button text logout-button"
          title={intl.formatMessage({ id: 'session.logout' })}
          onClick={() => void logout()}
        >
          <sl-icon name="box-arrow-right" aria-hidden="true"></sl-icon>
          <span className="button-label">
            <FormattedMessage id="session.logout" />
          </span>
        </button>
      </div>
    </header>
  )
}
