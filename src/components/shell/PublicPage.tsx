import type { MouseEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $route, navigate } from '../../stores/shell/router'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { loginStyles } from '../login/login.styles'

/** The public password pages (SPEC §2), with a way back to the login; a later issue fills them. */
export function PublicPage() {
  useShadowStyles(controlStyles, loginStyles)
  const route = useStore($route)
  const back = (event: MouseEvent) => {
    event.preventDefault()
    navigate('/login')
  }
  return (
    <div className="login">
      <section className="login-card" aria-labelledby="public-title">
        <h1 id="public-title">
          <FormattedMessage
            id={route.name === 'password-reset' ? 'pages.passwordReset' : 'pages.passwordForget'}
          />
        </h1>
        <p className="help">
          <FormattedMessage id="pages.comingSoon" />
        </p>
        <a href="/login" onClick={back}>
          <FormattedMessage id="pages.backToLogin" />
        </a>
      </section>
    </div>
  )
}
