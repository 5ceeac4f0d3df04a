import { FormattedMessage } from 'react-intl'
import { logout } from '../../stores/session/session'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { signedInStyles } from './signed-in.styles'

/** `<agent-login>` once the agent is signed in: says so, with the log-out button. */
export function SignedInLine() {
  // The log-out button's look, also when the page opens signed in (no login screen drew it first).
  useShadowStyles(controlStyles, signedInStyles)
  return (
    <p className="signed-in">
      <FormattedMessage id="login.signedIn" />{' '}
      <button type="button" className="button text" onClick={() => void logout()}>
        <FormattedMessage id="session.logout" />
      </button>
    </p>
  )
}
