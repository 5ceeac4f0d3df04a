import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'

interface PasswordFieldProps {
  value: string
  onChange: (password: string) => void
  error: MessageId | undefined
}

/** The password field with a show/hide toggle. */
export function PasswordField({ value, onChange, error }: PasswordFieldProps) {
  const intl = useIntl()
  const [shown, setShown] = useState(false)
  return (
    <div className="field">
      <label htmlFor="password">
        <FormattedMessage id="login.password" />
      </label>
      <div className="password-row">
        <input
          id="password"
          className="input"
          type={shown ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          required
          value={value}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? 'password-error' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button"
          aria-pressed={shown}
          aria-label={intl.formatMessage({ id: shown ? 'login.hidePassword' : 'login.showPassword' })}
          onClick={() => setShown(!shown)}
        >
          <sl-icon name={shown ? 'eye-slash' : 'eye'} aria-hidden="true"></sl-icon>
        </button>
      </div>
      {error && (
        <p id="password-error" className="field-error">
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  )
}
