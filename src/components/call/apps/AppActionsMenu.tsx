import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { APP_ACTIONS, type AppAction } from '../../../protocol'
import { $appActions, sendAppAction } from '../../../stores/call/custom-apps'
import { steadyPopup } from '../../common/steady-popup'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/dropdown/dropdown.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import '@shoelace-style/shoelace/dist/components/menu/menu.js'
import '@shoelace-style/shoelace/dist/components/menu-item/menu-item.js'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'

const ICONS: Record<AppAction, string> = { start: 'play-fill', restart: 'arrow-repeat', stop: 'stop-fill' }

/**
 * The Actions menu (SPEC §2 "Apps panel"): start, restart process, stop. While an action waits for
 * the app's answer the button says so ("Starting…") and the menu's actions are off.
 */
export function AppActionsMenu() {
  const intl = useIntl()
  const { pending } = useStore($appActions)
  const actionName = (action: AppAction) => intl.formatMessage({ id: 'call.apps.action' }, { action })
  return (
    <>
      {/* Never disabled itself: a dropdown disabled while open keeps its panel on screen. */}
      <sl-dropdown className="app-actions" {...steadyPopup}>
        {/* Not disabled while an action waits (that dropped the keyboard focus the menu gives back to
            it): its label says what waits, and the menu's actions are off until the app answers. */}
        <sl-button slot="trigger" caret className="app-actions-trigger">
          {pending ? (
            <>
              <sl-spinner slot="prefix" aria-hidden="true"></sl-spinner>
              <FormattedMessage id="call.apps.pending" values={{ action: pending.action }} />
            </>
          ) : (
            <FormattedMessage id="call.apps.actions" />
          )}
        </sl-button>
        <sl-menu
          onsl-select={(event) => {
            const value = (event.detail as { item: { value: string } }).item.value
            if ((APP_ACTIONS as readonly string[]).includes(value)) sendAppAction(value as AppAction)
          }}
        >
          {APP_ACTIONS.map((action) => (
            <sl-menu-item
              key={action}
              value={action}
              className={`app-action-${action}`}
              disabled={pending !== null}
            >
              <sl-icon slot="prefix" name={ICONS[action]} aria-hidden="true"></sl-icon>
              {actionName(action)}
            </sl-menu-item>
          ))}
        </sl-menu>
      </sl-dropdown>
      <p className="app-waiting" role="status">
        {pending && (
          <FormattedMessage id="call.apps.waiting" values={{ action: actionName(pending.action) }} />
        )}
      </p>
    </>
  )
}
