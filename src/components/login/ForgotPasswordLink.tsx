import { useEffect, type MouseEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $resetWay, loadResetWay } from '../../stores/session/password-reset'
import { navigate } from '../../stores/shell/router'
import { $config } from '../../stores/app/config'

interface ForgotPasswordLinkProps {
  /** In `<agent-console>`: the page opens in place. Else (`<agent-login>` in a host page) on the server. */
  inConsole: boolean
}

/** The server's own `/password/forget` page: the API's origin (`…/api` → `…/password/forget`). */
function serverPage(apiUrl: string): string {
  return `${apiUrl.replace(/\/api\/?$/, '')}/password/forget`
}

/**
 * Under the login form: "Forgot password?" to `/password/forget` when the server sends reset links, else
 * whom to ask (production without a mail server).
 */
export function ForgotPasswordLink({ inConsole }: ForgotPasswordLinkProps) {
  const way = useStore($resetWay)
  const config = useStore($config)
  useEffect(() => void loadResetWay(), [])
  const open = (event: MouseEvent) => {
    event.preventDefault()
    navigate('/password/forget')
  }
  if (way === 'administrator')
    return (
      <p className="help">
        <FormattedMessage id="passwordReset.askAdministrator" />
      </p>
    )
  // Not shown before the server says: a link that vanishes a moment later would be worse than none.
  if (way === 'unknown') return null
  if (!inConsole)
    return (
      <a href={serverPage(config.apiUrl)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="login.forgotPassword" />
      </a>
    )
  return (
    <a href="/password/forget" onClick={open}>
      <FormattedMessage id="login.forgotPassword" />
    </a>
  )
}
