import { useEffect, useRef, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { clock } from '../../services/clock'
import { focusIsOurs } from '../common/focus'

interface RedirectNoticeProps {
  /** The dashboard the user is sent to. */
  location: string
  /** When the redirect happens (ms since the epoch). */
  at: number
}

/**
 * Tells a user below agent level that the console is not for them, counting down to the redirect.
 * It takes the focus (the form that held it is gone) so a screen reader says it once; the seconds
 * tick on screen only.
 */
export function RedirectNotice({ location, at }: RedirectNoticeProps) {
  const [now, setNow] = useState(() => clock.now())
  const sentence = useRef<HTMLParagraphElement>(null)
  // The live region's text: empty, or the sentence as it first read when the focus could not be moved.
  const [announced, setAnnounced] = useState('')
  useEffect(() => {
    const timer = clock.setInterval(() => setNow(clock.now()), 1_000)
    return () => clock.clearInterval(timer)
  }, [])
  useEffect(() => {
    const element = sentence.current
    if (!element) return
    const root = element.getRootNode()
    // Focusing the sentence makes a screen reader say it once, and Tab then reaches "Go now". A focus
    // the user put in the host page meanwhile is left alone: the live region says the sentence instead.
    if (focusIsOurs(root instanceof ShadowRoot ? root : null)) element.focus()
    else setAnnounced(element.textContent ?? '')
  }, [])
  const seconds = Math.max(0, Math.ceil((at - now) / 1_000))
  return (
    <div className="notice">
      {/* Not a live region: one that changed every second read the whole sentence again each second, over
          anything else the user tried to hear. Read again, the sentence gives the seconds left then. */}
      <p ref={sentence} tabIndex={-1}>
        <FormattedMessage id="login.redirectNotice" values={{ seconds }} />
      </p>
      <a href={location}>
        <FormattedMessage id="login.redirectNow" />
      </a>
      {/* In the page from the start (a region added with its text is often not read), filled at most once. */}
      <div className="visually-hidden" role="status">
        {announced}
      </div>
    </div>
  )
}
