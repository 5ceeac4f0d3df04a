import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $agentOnline, $timeConnected } from '../../stores/status/time-connected'
import { formatClock } from './format-clock'

/** The time-connected timer: runs while the agent is online, pauses offline. */
export function TimeConnected() {
  const elapsed = useStore($timeConnected)
  const online = useStore($agentOnline)
  return (
    <span className="time-connected" data-running={online}>
      <span className="time-label">
        <FormattedMessage id="status.timeConnected" />
      </span>{' '}
      <time className="time-value" dateTime={`PT${Math.floor(elapsed / 1_000)}S`} role="timer">
        {formatClock(elapsed)}
      </time>
    </span>
  )
}
