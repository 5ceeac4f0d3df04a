import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callMenuContext } from '../../stores/call/call-menu'
import { $callView, $pendingCallView, showCallView } from '../../stores/call/call-views'
import { CALL_MENU } from './call-menu'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import '@shoelace-style/shoelace/dist/components/badge/badge.js'

/** The call panel's side menu: the entries of `CALL_MENU` that apply to this call, with their counts. */
export function SideMenu() {
  const intl = useIntl()
  const context = useStore($callMenuContext)
  const view = useStore($callView)
  const pending = useStore($pendingCallView)
  if (!context) return null
  return (
    <nav className="side-menu" part="side-menu" aria-label={intl.formatMessage({ id: 'call.menu.label' })}>
      {CALL_MENU.filter((entry) => entry.visible(context)).map((entry) => {
        const label = intl.formatMessage({ id: entry.label })
        const count = entry.count?.(context) ?? 0
        const countLabel = count ? intl.formatMessage({ id: 'call.menu.count' }, { count }) : ''
        const isView = entry.kind === 'view'
        const current = isView && (pending ?? view) === entry.id
        const pressed = entry.kind === 'action' ? entry.pressed?.(context) : undefined
        return (
          <button
            key={entry.id}
            type="button"
            className={`menu-entry menu-${entry.id} ${current ? 'is-current' : ''} ${pressed ? 'is-on' : ''}`}
            aria-current={isView && view === entry.id ? 'page' : undefined}
            aria-pressed={pressed === undefined ? undefined : pressed}
            aria-label={countLabel ? `${label}, ${countLabel}` : label}
            title={label}
            disabled={entry.kind === 'action' && (entry.disabled?.(context) ?? false)}
            onClick={() => (entry.kind === 'view' ? showCallView(entry.id) : entry.run())}
          >
            <sl-icon name={entry.icon} aria-hidden="true"></sl-icon>
            {count ? (
              <sl-badge variant="danger" pill className="menu-count" aria-hidden="true">
                {count}
              </sl-badge>
            ) : null}
          </button>
        )
      })}
    </nav>
  )
}
