import { useIntl } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'

/** One choice of a {@link SelectField}. */
export interface SelectChoice {
  value: string
  label: string
}

interface SelectFieldProps {
  /** The select's id, which its label and its problem line are tied to. */
  id: string
  /** The class the select itself carries. */
  className: string
  labelId: MessageId
  choices: readonly SelectChoice[]
  /** The chosen value, or null. */
  value: string | null
  disabled: boolean
  /** The problem to show under it, translated. */
  error?: string | undefined
  onChange: (value: string | null) => void
}

/**
 * A required choice of the schedule drawer (calendar, scheduling link): a native select with a real
 * `<label for>`. Shoelace's select names its input only through `aria-labelledby` to a label in its
 * own shadow root, which axe reads as empty once the drawer scrolls it out of view: the field was then
 * named by its help text alone (`label-title-only`, serious).
 */
export function SelectField({
  id,
  className,
  labelId,
  choices,
  value,
  disabled,
  error,
  onChange,
}: SelectFieldProps) {
  const intl = useIntl()
  return (
    <div className={`field select-field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: labelId })}</label>
      <select
        id={id}
        className={`input ${className}`}
        value={value !== null && choices.some((choice) => choice.value === value) ? value : ''}
        required
        disabled={disabled}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value || null)}
      >
        {/* Nothing chosen yet: an empty line the list does not offer. */}
        <option value="" disabled hidden></option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-problem" id={`${id}-problem`}>
          {error}
        </p>
      )}
    </div>
  )
}
