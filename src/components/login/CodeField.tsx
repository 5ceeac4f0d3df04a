import { useEffect, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'

interface CodeFieldProps {
  value: string
  onChange: (code: string) => void
  error: MessageId | undefined
}

/** The 2FA code field, shown once the server asks for it (412); it takes the focus. */
export function CodeField({ value, onChange, error }: CodeFieldProps) {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  return (
    <div className="field">
      <label htmlFor="otp">
        <FormattedMessage id="login.otp" />
      </label>
      <input
        ref={input}
        id="otp"
        className="input"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        required
        value={value}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={error ? 'otp-help otp-error' : 'otp-help'}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="otp-help" className="help">
        <FormattedMessage id="login.otpHelp" />
      </p>
      {error && (
        <p id="otp-error" className="field-error">
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  )
}
