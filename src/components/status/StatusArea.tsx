import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $signedIn } from '../../stores/session/session'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { statusStyles } from './status.styles'
import { StatusMenu } from './StatusMenu'
import { TimeConnected } from './TimeConnected'
import { ConnectionState } from './ConnectionState'

/** The agent's status, the link's state and the time connected: the shell header and `<agent-status>`. */
export function StatusArea() {
  useShadowStyles(controlStyles, statusStyles)
  const signedIn = useStore($signedIn)
  const label = (
    <span className="status-label">
      <FormattedMessage id="status.label" />
    </span>
  )
  if (!signedIn)
    return (
      <p className="status-area" part="status">
        {label} <FormattedMessage id="status.signedOut" />
      </p>
    )
  return (
    <div className="status-area" part="status">
      {label}
      <StatusMenu />
      <ConnectionState />
      <TimeConnected />
    </div>
  )
}
