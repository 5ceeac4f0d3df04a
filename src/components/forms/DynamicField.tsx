import { useIntl } from 'react-intl'
import type { FormField, FormValues } from '../../protocol'
import { steadyPopup } from '../common/steady-popup'
import '@shoelace-style/shoelace/dist/components/input/input.js'
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js'
import '@shoelace-style/shoelace/dist/components/select/select.js'
import '@shoelace-style/shoelace/dist/components/option/option.js'
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js'
import '@shoelace-style/shoelace/dist/components/radio/radio.js'
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js'

/** One value of a dynamic form. */
export type FieldValue = FormValues[string]

interface DynamicFieldProps {
  id: string
  field: FormField
  value: FieldValue
  /** Problem code to show, if any. */
  error: string | undefined
  disabled: boolean
  onChange: (value: FieldValue) => void
}

const inputTypes = { text: 'text', email: 'email', tel: 'tel', number: 'number', date: 'date' } as const

/** Drops the keys whose value is undefined (optional Shoelace properties must be absent, not undefined). */
function present<T extends Record<string, unknown>>(props: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as never
}

const targetValue = (event: Event) => (event.target as HTMLInputElement).value

/** The translated problem of a field, or an empty string. */
function useProblem(field: FormField, error: string | undefined): string {
  const intl = useIntl()
  if (!error) return ''
  const known = ['required', 'email', 'pattern', 'min', 'max', 'maxLength', 'type', 'option', 'date']
  const id = (
    known.includes(error) ? `forms.errors.${error}` : 'forms.errors.invalid'
  ) as 'forms.errors.invalid'
  return intl.formatMessage(
    { id },
    { min: field.min ?? 0, max: field.max ?? 0, length: field.maxLength ?? 0 },
  )
}

/** One field of a dynamic form, with the Shoelace control its type calls for. */
export function DynamicField({ id, field, value, error, disabled, onChange }: DynamicFieldProps) {
  const problem = useProblem(field, error)
  const common = {
    id,
    name: field.name,
    label: field.label,
    required: field.required,
    disabled,
    helpText: problem,
    ...present({ className: problem ? 'invalid' : undefined, placeholder: field.placeholder }),
    ...(problem ? { 'aria-invalid': 'true' as const } : {}),
  }
  if (field.type === 'textarea')
    return (
      <div className="dynamic-field">
        <sl-textarea
          {...common}
          value={typeof value === 'string' ? value : ''}
          {...present({ maxlength: field.maxLength })}
          onsl-input={(event) => onChange(targetValue(event))}
        ></sl-textarea>
      </div>
    )
  if (field.type === 'select')
    return (
      <div className="dynamic-field">
        <sl-select
          {...common}
          {...steadyPopup}
          value={typeof value === 'string' ? value : ''}
          clearable={!field.required}
          onsl-change={(event) => onChange(targetValue(event) || null)}
        >
          {(field.options ?? []).map((option) => (
            <sl-option key={option.value} value={option.value}>
              {option.label}
            </sl-option>
          ))}
        </sl-select>
      </div>
    )
  if (field.type === 'radio')
    return (
      <div className="dynamic-field">
        <sl-radio-group
          {...common}
          value={typeof value === 'string' ? value : ''}
          onsl-change={(event) => onChange(targetValue(event))}
        >
          {(field.options ?? []).map((option) => (
            <sl-radio key={option.value} value={option.value} disabled={disabled}>
              {option.label}
            </sl-radio>
          ))}
        </sl-radio-group>
      </div>
    )
  if (field.type === 'checkbox')
    return <CheckboxField {...{ id, field, value, disabled, onChange, problem }} />
  return (
    <div className="dynamic-field">
      <sl-input
        {...common}
        type={inputTypes[field.type]}
        value={value === null || value === undefined ? '' : String(value)}
        {...present({ maxlength: field.maxLength, min: field.min, max: field.max, pattern: field.pattern })}
        onsl-input={(event) => {
          const raw = targetValue(event)
          onChange(field.type === 'number' ? (raw === '' ? null : Number(raw)) : raw)
        }}
      ></sl-input>
    </div>
  )
}

interface CheckboxFieldProps {
  id: string
  field: FormField
  value: FieldValue
  disabled: boolean
  onChange: (value: FieldValue) => void
  problem: string
}

/** A yes/no checkbox, or a group of checkboxes when the field has options (several choices). */
function CheckboxField({ id, field, value, disabled, onChange, problem }: CheckboxFieldProps) {
  const problemLine = problem ? (
    <p className="field-problem" id={`${id}-problem`}>
      {problem}
    </p>
  ) : null
  if (!field.options?.length)
    return (
      <div className="dynamic-field">
        <sl-checkbox
          id={id}
          name={field.name}
          required={field.required}
          disabled={disabled}
          checked={value === true}
          helpText={problem}
          {...(problem ? { 'aria-invalid': 'true' as const } : {})}
          onsl-change={(event) => onChange((event.target as HTMLInputElement).checked)}
        >
          {field.label}
        </sl-checkbox>
      </div>
    )
  const chosen = Array.isArray(value) ? value : []
  return (
    <div className="dynamic-field">
      <fieldset id={id} aria-describedby={problem ? `${id}-problem` : undefined}>
        <legend>
          {field.label}
          {field.required && (
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          )}
        </legend>
        {field.options.map((option) => (
          <sl-checkbox
            key={option.value}
            value={option.value}
            disabled={disabled}
            checked={chosen.includes(option.value)}
            onsl-change={(event) => {
              const on = (event.target as HTMLInputElement).checked
              onChange(on ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))
            }}
          >
            {option.label}
          </sl-checkbox>
        ))}
        {problemLine}
      </fieldset>
    </div>
  )
}
