import type { MouseEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $menuDisabled } from '../../stores/shell/navigation'
import { $unreadCount } from '../../stores/profile/notifications'
import { $route, navigate, type RouteName } from '../../stores/shell/router'
import type { MessageId } from '../../stores/app/i18n'

interface Entry {
  path: string
  label: MessageId
  icon: string
  /** Route names that light this entry up. */
  routes: RouteName[]
}

const ENTRIES: Entry[] = [
  { path: '/history', label: 'shell.menu.history', icon: 'clock-history', routes: ['history'] },
  { path: '/utilities', label: 'shell.menu.utilities', icon: 'tools', routes: ['utilities'] },
  { path: '/recordings', label: 'shell.menu.recordings', icon: 'collection-play', routes: ['recordings'] },
  {
    path: '/profile',
    label: 'shell.menu.profile',
    icon: 'person-circle',
    routes: [
      'profile',
      'profile-2fa',
      'profile-virtual-background',
      'profile-notifications',
      'profile-settings',
      'profile-recordings-backups',
    ],
  },
]

/**
 * The bottom menu (SPEC §2): history, utilities, recordings and profile with the unread badge;
 * disabled during a call, a ring, a meeting, or while disconnected.
 */
export function BottomMenu() {
  const intl = useIntl()
  const disabled = useStore($menuDisabled)
  const unread = useStore($unreadCount)
  const route = useStore($route)
  const go = (event: MouseEvent, path: string) => {
    event.preventDefault()
    if (!disabled) navigate(path)
  }
  return (
    <nav className="bottom-menu" aria-label={intl.formatMessage({ id: 'shell.menu' })}>
      <ul>
        {ENTRIES.map((entry) => {
          const current = entry.routes.includes(route.name)
          return (
            <li key={entry.path}>
              <a
                href={disabled ? undefined : entry.path}
                role="link"
                aria-disabled={disabled ? 'true' : undefined}
                aria-current={current ? 'page' : undefined}
                tabIndex={disabled ? -1 : 0}
                onClick={(event) => go(event, entry.path)}
              >
                <sl-icon name={entry.icon} aria-hidden="true"></sl-icon>
                <FormattedMessage id={entry.label} />
                {entry.path === '/profile' && unread > 0 && (
                  <span
                    className="badge"
                    aria-label={intl.formatMessage({ id: 'shell.menu.unread' }, { count: unread })}
                  >
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
