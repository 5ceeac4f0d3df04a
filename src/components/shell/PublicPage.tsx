import { useEffect, type MouseEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $path, $route, navigate } from '../../stores/shell/router'
import { resetPasswordPages } from '../../stores/session/password-reset'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { loginStyles } from '../login/login.styles'
import { ForgotPasswordForm } from '../login/ForgotPasswordForm'
import { ResetPasswordForm } from '../login/ResetPasswordForm'

/** The reset link's token: from the console's own path when embedded, else from the address bar. */
function tokenOf(path: string): string {
  const query = path.includes('?') ? path.slice(path.indexOf('?')) : (globalThis.location?.search ?? '')
  return new URLSearchParams(query).get('token') ?? ''
}

/** The public password pages (SPEC §2): ask for a reset link, or set a new password with one. */
export function PublicPage() {
  useShadowStyles(controlStyles, loginStyles)
  const route = useStore($route)
  const path = useStore($path)
  const resetting = route.name === 'password-reset'
  // Each visit starts with an empty form, not the answer of the last one.
  useEffect(() => resetPasswordPages(), [resetting])
  const back = (event: MouseEvent) => {
    event.preventDefault()
    navigate('/login')
  }
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="public-title">
        <h1 id="public-title">
          <FormattedMessage id={resetting ? 'pages.passwordReset' : 'pages.passwordForget'} />
        </h1>
        {resetting ? <ResetPasswordForm token={tokenOf(path)} /> : <ForgotPasswordForm />}
        <a href="/login" onClick={back}>
          <FormattedMessage id="pages.backToLogin" />
        </a>
      </section>
    </main>
  )
}
