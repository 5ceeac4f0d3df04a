import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { reconnectNow } from '../../stores/session/realtime-session'
import { $link, type LinkState } from '../../stores/session/link-state'
import type { MessageId } from '../../stores/app/i18n'

const LABELS: Record<LinkState, MessageId> = {
  idle: 'connection.idle',
  connecting: 'connection.connecting',
  online: 'connection.online',
  reconnecting: 'connection.reconnectingShort',
  duplicated: 'connection.duplicatedShort',
  forced: 'connection.forcedShort',
}

/**
 * The link's state when it is not simply online, announced politely; after a duplicated session or
 * a forced disconnect, which stop the automatic reconnection, a button to reconnect.
 */
export function ConnectionState() {
  const link = useStore($link)
  const stopped = link.state === 'duplicated' || link.state === 'forced'
  return (
    <span className="connection-state" data-state={link.state} aria-live="polite">
      {link.state !== 'online' && <FormattedMessage id={LABELS[link.state]} />}
      {stopped && (
        <button type="button" className="button text" onClick={reconnectNow}>
          <FormattedMessage id="status.reconnect" />
        </button>
      )}
    </span>
  )
}
