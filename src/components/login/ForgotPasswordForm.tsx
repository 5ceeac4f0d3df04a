import { useEffect, useRef, useState, type FormEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $forget, askReset } from '../../stores/session/password-reset'

/**
 * `/password/forget`: the account's email, then one answer whoever it belongs to ("if an account exists,
 * a message is on its way"), which takes the focus so a screen reader reads it.
 */
export function ForgotPasswordForm() {
  const state = useStore($forget)
  const [email, setEmail] = useState('')
  const result = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (state.sent || state.error) result.current?.focus()
    // Every answer is a new state: the same refusal twice is read twice.
  }, [state])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void askReset(email)
  }

  if (state.sent)
    return (
      <p ref={result} className="notice" role="status" tabIndex={-1}>
        <FormattedMessage id="passwordReset.sent" />
      </p>
    )
  return (
    <form className="login-form" noValidate onSubmit={onSubmit} aria-busy={state.pending}>
      <p className="help">
        <FormattedMessage id="passwordReset.forgetHelp" />
      </p>
      <div className="field">
        <label htmlFor="reset-email">
          <FormattedMessage id="login.email" />
        </label>
        <input
          id="reset-email"
          className="input"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          maxLength={254}
          value={email}
          aria-invalid={state.error ? 'true' : 'false'}
          aria-describedby={state.error ? 'reset-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {state.error && (
        <p ref={result} id="reset-email-error" className="notice danger" role="alert" tabIndex={-1}>
          <FormattedMessage id={state.error} />
        </p>
      )}
      <button type="submit" className="button primary" aria-disabled={state.pending}>
        <FormattedMessage id="passwordReset.send" />
      </button>
    </form>
  )
}
