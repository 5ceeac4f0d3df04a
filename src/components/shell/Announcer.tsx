import { useEffect, useRef, useState } from 'react'
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
  const [message, setMessage] = useState('')
  const wasBusy = useRef(busy)

  useEffect(() => {
    const known = statusMessageId(status)
    const name = known ? intl.formatMessage({ id: known }) : (option?.label ?? status)
    setMessage(intl.formatMessage({ id: 'announce.status' }, { status: name }))
  }, [status, option, intl])

  useEffect(() => {
    if (busy === wasBusy.current) return
    wasBusy.current = busy
    setMessage(intl.formatMessage({ id: busy ? 'announce.callStarted' : 'announce.callEnded' }))
  }, [busy, intl])

  return (
    <div className="visually-hidden announcer" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  )
}
