import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $login,
  backToCredentials,
  setSsoMode,
  submitLogin,
  type LoginForm as Form,
} from '../../stores/session/login'
import { EmailField } from './EmailField'
import { PasswordField } from './PasswordField'
import { CodeField } from './CodeField'
import { focusFirstProblem } from '../forms/focus-first-problem'
import { ForgotPasswordLink } from './ForgotPasswordLink'

interface LoginFormProps {
  /** Where the terms checkbox's link points. */
  policiesUrl: string
  /** In `<agent-console>`, which shows the password pages itself (else they open on the server). */
  inConsole?: boolean
}

const EMPTY: Form = { email: '', password: '', remember: false, agreement: false, otp: '' }

/** Email, password (not in SSO), the 2FA code when asked, remember-me, terms and the buttons. */
export function LoginForm({ policiesUrl, inConsole = true }: LoginFormProps) {
  const intl = useIntl()
  const state = useStore($login)
  const [form, setForm] = useState<Form>(EMPTY)
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((current) => ({ ...current, [key]: value }))
  const codeStep = state.step === 'code'
  const alternative = state.sso || codeStep
  const formElement = useRef<HTMLFormElement>(null)
  // Each refusal before sending is a new set of field errors: the agent is taken to the first one, which says it.
  useEffect(() => {
    if (Object.keys(state.fieldErrors).length) focusFirstProblem(formElement.current)
  }, [state.fieldErrors])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submitLogin(form)
  }

  return (
    <form ref={formElement} className="login-form" noValidate onSubmit={onSubmit} aria-busy={state.pending}>
      {!codeStep && <EmailField value={form.email} onChange={set('email')} error={state.fieldErrors.email} />}
      {!state.sso && !codeStep && (
        <PasswordField value={form.password} onChange={set('password')} error={state.fieldErrors.password} />
      )}
      {state.sso && (
        <p className="help">
          <FormattedMessage id="login.ssoHelp" />
        </p>
      )}
      {codeStep && <CodeField value={form.otp} onChange={set('otp')} error={state.fieldErrors.otp} />}
      <label className="check">
        <input
          type="checkbox"
          name="remember"
          checked={form.remember}
          onChange={(event) => set('remember')(event.target.checked)}
        />
        <FormattedMessage id="login.remember" />
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="agreement"
          checked={form.agreement}
          aria-invalid={state.fieldErrors.agreement ? 'true' : 'false'}
          onChange={(event) => set('agreement')(event.target.checked)}
        />
        <span>
          {intl.formatMessage(
            { id: 'login.terms' },
            {
              link: (chunks: ReactNode[]) => (
                <a href={policiesUrl} target="_blank" rel="noopener noreferrer">
                  {chunks}
                </a>
              ),
            },
          )}
        </span>
      </label>
      {state.error && (
        <p className="notice danger" role="alert">
          <FormattedMessage id={state.error.id} values={state.error.values ?? {}} />
        </p>
      )}
      <div className="login-actions">
        {/* aria-disabled, not disabled, while it signs in: a refused password leaves the focus here. */}
        <button type="submit" className="button primary" aria-disabled={state.pending}>
          <FormattedMessage id={state.sso ? 'login.ssoSubmit' : codeStep ? 'login.verify' : 'login.submit'} />
        </button>
        {alternative ? (
          <button type="button" className="button text" onClick={backToCredentials}>
            <sl-icon name="arrow-left" aria-hidden="true"></sl-icon>
            <FormattedMessage id="login.back" />
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setSsoMode(true)}>
            <FormattedMessage id="login.sso" />
          </button>
        )}
      </div>
      {!alternative && <ForgotPasswordLink inConsole={inConsole} />}
    </form>
  )
}
