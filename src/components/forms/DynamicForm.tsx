import type { FormDefinition, FormValues } from '../../protocol'
import { useShadowStyles } from '../root/useShadowStyles'
import { DynamicField, type FieldValue } from './DynamicField'
import { formStyles } from './forms.styles'

/** What a dynamic form needs: the definition, the values, the problems to show and where edits go. */
export interface DynamicFormProps {
  /** The fields, in display order (a service form, a call's agent form, a widget form). */
  fields: FormDefinition
  /** Current values by field name. */
  values: FormValues
  /**
   * Problems to show, by field name, as the codes of `validateFormValues` (`required`, `email`,
   * `pattern`, `min`, `max`, `maxLength`, `type`, `option`, `date`); the form translates them.
   */
  errors?: Readonly<Record<string, string>>
  /** A field changed. */
  onChange: (name: string, value: FieldValue) => void
  /** Greys every field out (a request is on its way). */
  disabled?: boolean
  /** Prefix of element ids, when two forms share a shadow root. */
  idPrefix?: string
}

/**
 * Renders a dynamic form definition of the contract with Shoelace fields: labels, required marks,
 * help for each problem, keyboard and screen-reader friendly. It holds no state: values and errors
 * come from a store, edits go back to it.
 *
 * @example
 * <DynamicForm fields={form.form} values={values} errors={errors} onChange={setScheduleValue} />
 */
export function DynamicForm({
  fields,
  values,
  errors = {},
  onChange,
  disabled = false,
  idPrefix = 'form',
}: DynamicFormProps) {
  useShadowStyles(formStyles)
  return (
    <div className="dynamic-form">
      {fields.map((field) => (
        <DynamicField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          field={field}
          value={values[field.name] ?? null}
          error={errors[field.name]}
          disabled={disabled}
          onChange={(value) => onChange(field.name, value)}
        />
      ))}
    </div>
  )
}
