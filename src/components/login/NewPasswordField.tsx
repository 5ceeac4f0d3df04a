import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'

interface NewPasswordFieldProps {
  id: string
  label: MessageId
  value: string
  onChange: (password: string) => void
  /** Ids of the texts that describe it (the rule, the refusal). */
  describedBy: string | undefined
  invalid: boolean
  autoFocus?: boolean
}

/** A labelled new-password field (`autocomplete="new-password"`, so a password manager offers one). */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  describedBy,
  invalid,
  autoFocus,
}: NewPasswordFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <input
        id={id}
        className="input"
        type="password"
        name={id}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        maxLength={512}
        value={value}
        aria-invalid={invalid ? 'true' : 'false'}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
