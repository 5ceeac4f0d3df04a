import type { MouseEvent } from 'react'
import type { ReadableAtom } from 'nanostores'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { navigate } from '../../stores/shell/router'
import { PROFILE_MENU, type ProfileMenuEntry } from './profile-menu'
import { registerPageIcons } from '../icons/pages-icons'

// Its icons come with the pages' chunk, not with the elements.
registerPageIcons()

/** An entry's count; nothing at 0. */
function Count({ count: $count, label }: { count: ReadableAtom<number>; label: string }) {
  const intl = useIntl()
  const count = useStore($count)
  if (count <= 0) return null
  return (
    <span className="count" aria-label={intl.formatMessage({ id: 'profile.menu.count' }, { count, label })}>
      {count > 99 ? '99+' : count}
    </span>
  )
}

function Entry({ entry }: { entry: ProfileMenuEntry }) {
  const intl = useIntl()
  const label = intl.formatMessage({ id: entry.label })
  const content = (
    <>
      <sl-icon name={entry.icon} aria-hidden="true"></sl-icon>
      <span className="label">
        <FormattedMessage id={entry.label} />
      </span>
      {entry.count && <Count count={entry.count} label={label} />}
    </>
  )
  if (entry.path) {
    const path = entry.path
    const go = (event: MouseEvent) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return
      event.preventDefault()
      navigate(path)
    }
    return (
      <a className="profile-entry" href={path} data-entry={entry.id} onClick={go}>
        {content}
      </a>
    )
  }
  return (
    <button type="button" className="profile-entry" data-entry={entry.id} onClick={entry.action}>
      {content}
    </button>
  )
}

/** The profile's menu (`PROFILE_MENU`): sub-pages with their counts, and the feedback widget. */
export function ProfileMenu() {
  const intl = useIntl()
  return (
    <nav className="profile-menu" aria-label={intl.formatMessage({ id: 'profile.menu' })}>
      <ul>
        {PROFILE_MENU.map((entry) => (
          <li key={entry.id}>
            <Entry entry={entry} />
          </li>
        ))}
      </ul>
    </nav>
  )
}
