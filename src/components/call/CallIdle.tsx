import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $tabRole } from '../../stores/app/tab-role'
import { $signedIn } from '../../stores/session/logout'
import { NetworkQuality } from './NetworkQuality'
import { loadAlert, useShoelaceWhen } from '../common/shoelace-on-demand'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

/**
 * What the call panel shows between calls: that no call is active, the network as measured now, and,
 * in a second tab, that the console is active in another tab (calls ring there, once).
 */
export function CallIdle() {
  const role = useStore($tabRole)
  const signedIn = useStore($signedIn)
  // The alert (and the icon button it uses) only for a second tab: not in the panel's first screen.
  useShoelaceWhen(role === 'elsewhere', loadAlert)
  return (
    <div className="call-idle">
      <p className="call-idle-title">
        <FormattedMessage id="placeholder.callPanel" />
      </p>
      {role === 'elsewhere' ? (
        <sl-alert variant="primary" open className="active-elsewhere">
          <sl-icon slot="icon" name="window-stack"></sl-icon>
          <FormattedMessage id="call.tab.elsewhere" />
        </sl-alert>
      ) : (
        signedIn && <NetworkQuality />
      )}
    </div>
  )
}
