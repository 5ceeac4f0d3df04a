import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $login, claimSession, noteSsoReturn } from '../../stores/session/login'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { loginStyles } from './login.styles'
import { LoginForm } from './LoginForm'
import { RedirectNotice } from './RedirectNotice'
import { PasswordChangedNotice } from './PasswordChangedNotice'

interface LoginScreenProps {
  /** A claim id (`/login/claim/{id}`): the session is claimed on load. */
  claimId?: string | undefined
  /** Where the terms link points. */
  policiesUrl: string
  /**
   * Whether the screen is the page's `main` landmark: it is in `<agent-console>`, which owns the page;
   * `<agent-login>` sits in a host page that has its own `main`, so there it is a plain block.
   */
  pageMain?: boolean
}

/** The login screen (SPEC §2): the form, or the notice that sends a non-agent to their dashboard. */
export function LoginScreen({ claimId, policiesUrl, pageMain = true }: LoginScreenProps) {
  useShadowStyles(controlStyles, loginStyles)
  const state = useStore($login)

  useEffect(() => {
    if (claimId) void claimSession(claimId)
  }, [claimId])

  // Back from the identity provider without a session: say so.
  useEffect(() => noteSsoReturn(location.search), [])

  const Frame = pageMain ? 'main' : 'div'
  return (
    <Frame className="login">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">
          <FormattedMessage id="login.title" />
        </h1>
        {state.redirect ? (
          <RedirectNotice location={state.redirect.location} at={state.redirect.at} />
        ) : claimId && state.pending ? (
          <p role="status">
            <FormattedMessage id="login.claiming" />
          </p>
        ) : (
          <>
            <PasswordChangedNotice />
            <LoginForm policiesUrl={policiesUrl} inConsole={pageMain} />
          </>
        )}
      </section>
    </Frame>
  )
}
