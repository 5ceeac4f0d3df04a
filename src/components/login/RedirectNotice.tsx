import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { clock } from '../../services/clock'

interface RedirectNoticeProps {
  /** The dashboard the user is sent to. */
  location: string
  /** When the redirect happens (ms since the epoch). */
  at: number
}

/** Tells a user below agent level that the console is not for them, counting down to the redirect. */
export function RedirectNotice({ location, at }: RedirectNoticeProps) {
  const [now, setNow] = useState(() => clock.now())
  useEffect(() => {
    const timer = clock.setInterval(() => setNow(clock.now()), 1_000)
    return () => clock.clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.ceil((at - now) / 1_000))
  return (
    <div className="notice" role="status">
      <p>
        <FormattedMessage id="login.redirectNotice" values={{ seconds }} />
      </p>
      <a href={location}>
        <FormattedMessage id="login.redirectNow" />
      </a>
    </div>
  )
}
