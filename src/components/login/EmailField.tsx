import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import {
  $emailSuggestion,
  checkEmailSpelling,
  clearEmailSuggestion,
} from '../../stores/session/email-suggestion'
import type { MessageId } from '../../stores/app/i18n'

interface EmailFieldProps {
  value: string
  onChange: (email: string) => void
  /** The field's error, if any. */
  error: MessageId | undefined
}

/** The email field; leaving it offers a corrected domain, which a click applies. */
export function EmailField({ value, onChange, error }: EmailFieldProps) {
  const intl = useIntl()
  const suggestion = useStore($emailSuggestion)
  const describedBy = [error && 'email-error', suggestion && 'email-suggestion'].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor="email">
        <FormattedMessage id="login.email" />
      </label>
      <input
        id="email"
        className="input"
        type="email"
        name="email"
        autoComplete="username"
        // The agent's first action on the console: typing their email.
        autoFocus
        required
        value={value}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          clearEmailSuggestion()
          onChange(event.target.value)
        }}
        onBlur={(event) => void checkEmailSpelling(event.currentTarget.value)}
      />
      {suggestion && (
        <p id="email-suggestion" className="suggestion" aria-live="polite">
          {intl.formatMessage(
            { id: 'login.suggestion' },
            {
              email: suggestion,
              button: (chunks: ReactNode[]) => (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    onChange(suggestion)
                    clearEmailSuggestion()
                  }}
                >
                  {chunks}
                </button>
              ),
            },
          )}
        </p>
      )}
      {error && (
        <p id="email-error" className="field-error">
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  )
}
