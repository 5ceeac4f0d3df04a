import type { MouseEvent } from 'react'
import type { ReadableAtom } from 'nanostores'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $menuLock } from '../../stores/shell/navigation'
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
 * unread badge; disabled during a call, a ring, a meeting, or while disconnected, with the reason in
 * a tooltip (on hover and on keyboard focus: a disabled entry stays focusable so that it can say why).
 */
export function BottomMenu() {
  const intl = useIntl()
  const lock = useStore($menuLock)
  const route = useStore($route)
  const disabled = lock !== null
  const go = (event: MouseEvent, path: string) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) return
    event.preventDefault()
    if (!disabled) navigate(path)
  }
  return (
    <nav className="bottom-menu" aria-label={intl.formatMessage({ id: 'shell.menu' })}>
      <ul>
        {SHELL_PAGES.map((page) => {
          if (!page.menu) return null
          const { path, label, icon, badge } = page.menu
          const tip = `menu-lock-${page.id}`
          return (
            <li key={page.id}>
              <a
                href={disabled ? undefined : path}
                role="link"
                aria-disabled={disabled ? 'true' : undefined}
                aria-describedby={disabled ? tip : undefined}
                aria-current={menuLit(page, route.name) ? 'page' : undefined}
                tabIndex={0}
                onClick={(event) => go(event, path)}
              >
                <sl-icon name={icon} aria-hidden="true"></sl-icon>
                <FormattedMessage id={label} />
                {badge && <MenuBadge count={badge} />}
              </a>
              {lock && (
                <span className="menu-tooltip" role="tooltip" id={tip}>
                  <FormattedMessage id="shell.menu.locked" values={{ reason: lock }} />
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
