import type { MouseEvent } from 'react'
import type { ReadableAtom } from 'nanostores'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $menuDisabled } from '../../stores/shell/navigation'
import { $route, navigate } from '../../stores/shell/router'
import { SHELL_PAGES, menuLit } from './shell-pages'

/** A count on a menu entry; nothing at 0. */
function MenuBadge({ count: $count }: { count: ReadableAtom<number> }) {
  const intl = useIntl()
  const count = useStore($count)
  if (count <= 0) return null
  return (
    <span className="badge" aria-label={intl.formatMessage({ id: 'shell.menu.unread' }, { count })}>
      {count > 99 ? '99+' : count}
    </span>
  )
}

/**
 * The bottom menu (SPEC §2): the pages of `SHELL_PAGES` that have an entry, the profile with the
 * unread badge; disabled during a call, a ring, a meeting, or while disconnected.
 */
export function BottomMenu() {
  const intl = useIntl()
  const disabled = useStore($menuDisabled)
  const route = useStore($route)
  const go = (event: MouseEvent, path: string) => {
    event.preventDefault()
    if (!disabled) navigate(path)
  }
  return (
    <nav className="bottom-menu" aria-label={intl.formatMessage({ id: 'shell.menu' })}>
      <ul>
        {SHELL_PAGES.map((page) => {
          if (!page.menu) return null
          const { path, label, icon, badge } = page.menu
          return (
            <li key={page.id}>
              <a
                href={disabled ? undefined : path}
                role="link"
                aria-disabled={disabled ? 'true' : undefined}
                aria-current={menuLit(page, route.name) ? 'page' : undefined}
                tabIndex={disabled ? -1 : 0}
                onClick={(event) => go(event, path)}
              >
                <sl-icon name={icon} aria-hidden="true"></sl-icon>
                <FormattedMessage id={label} />
                {badge && <MenuBadge count={badge} />}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
