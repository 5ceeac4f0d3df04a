import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $reset, submitReset } from '../../stores/session/password-reset'
import { navigate } from '../../stores/shell/router'
import { NewPasswordField } from './NewPasswordField'

interface ResetPasswordFormProps {
  /** The reset link's token (`?token=`). */
  token: string
}

/**
 * `/password/reset?token=…`: the new password twice, under the server's rule; a link that is used,
 * expired or broken is said so, with a way to ask for a new one (the focus goes to what it says).
 */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const state = useStore($reset)
  const [password, setPassword] = useState('')
  const [repeated, setRepeated] = useState('')
  const result = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (state.invalidLink || state.error) result.current?.focus()
    // Every answer is a new state: the same refusal twice is read twice.
  }, [state])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submitReset(token, password, repeated)
  }
  const askAgain = (event: MouseEvent) => {
    event.preventDefault()
    navigate('/password/forget')
  }

  if (state.invalidLink)
    return (
      <div className="login-form">
        <p ref={result} className="notice danger" role="alert" tabIndex={-1}>
          <FormattedMessage id="passwordReset.invalidLink" />
        </p>
        <a className="button primary" href="/password/forget" onClick={askAgain}>
          <FormattedMessage id="passwordReset.askAgain" />
        </a>
      </div>
    )
  const errorId = state.error ? 'new-password-error' : undefined
  return (
    <form className="login-form" noValidate onSubmit={onSubmit} aria-busy={state.pending}>
      <NewPasswordField
        id="new-password"
        label="passwordReset.newPassword"
        value={password}
        onChange={setPassword}
        describedBy={['new-password-rule', errorId].filter(Boolean).join(' ')}
        invalid={state.error !== null}
        autoFocus
      />
      <p id="new-password-rule" className="help">
        <FormattedMessage id="passwordReset.rule" />
      </p>
      <NewPasswordField
        id="repeat-password"
        label="passwordReset.repeatPassword"
        value={repeated}
        onChange={setRepeated}
        describedBy={errorId}
        invalid={state.error === 'passwordReset.errors.mismatch'}
      />
      {state.error && (
        <p ref={result} id="new-password-error" className="notice danger" role="alert" tabIndex={-1}>
          <FormattedMessage id={state.error} />
        </p>
      )}
      <button type="submit" className="button primary" aria-disabled={state.pending}>
        <FormattedMessage id="passwordReset.save" />
      </button>
    </form>
  )
}
