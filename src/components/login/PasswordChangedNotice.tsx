import { useEffect, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $passwordChanged, forgetPasswordChanged } from '../../stores/session/password-reset'

/** The login's notice after a password reset ("sign in with the new one"), focused so it is read first. */
export function PasswordChangedNotice() {
  const changed = useStore($passwordChanged)
  const notice = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (changed) notice.current?.focus()
  }, [changed])
  // Said once: leaving the login (signed in) forgets it.
  useEffect(() => forgetPasswordChanged, [])
  if (!changed) return null
  return (
    <p ref={notice} className="notice" role="status" tabIndex={-1}>
      <FormattedMessage id="passwordReset.changed" />
    </p>
  )
}
