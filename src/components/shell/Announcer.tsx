import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $agentStatus, $currentStatusOption, statusMessageId } from '../../stores/status/agent'
import { $busyInCall } from '../../stores/status/activity'

/**
 * The console's polite live region: says the agent's new status and when a call starts and ends,
 * for a screen reader (the ring has its own assertive region in the inbound area).
 */
export function Announcer() {
  const intl = useIntl()
  const status = useStore($agentStatus).status
  const option = useStore($currentStatusOption)
  const busy = useStore($busyInCall)
  const known = statusMessageId(status)
  const name = known ? intl.formatMessage({ id: known }) : (option?.label ?? status)
  // The latest change, derived while rendering: a new status, or a call that starts or ends.
  const [last, setLast] = useState({ status, busy, message: '' })
  if (last.status !== status || last.busy !== busy) {
    const message =
      last.busy !== busy
        ? intl.formatMessage({ id: busy ? 'announce.callStarted' : 'announce.callEnded' })
        : intl.formatMessage({ id: 'announce.status' }, { status: name })
    setLast({ status, busy, message })
  }
  const message = last.message

  return (
    <div className="visually-hidden announcer" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  )
}
