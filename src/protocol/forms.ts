import * as v from 'valibot'
import { IdSchema, MAX_TEXT, ShortTextSchema } from './common'
import { boundedJson } from './bounded-json'

/** Kinds of field a dynamic form may hold. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'tel',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
] as const

/** One choice of a select or radio field. */
export const FormOptionSchema = v.object({ label: v.string(), value: v.string() })
/** A choice. */
export type FormOption = v.InferOutput<typeof FormOptionSchema>

/**
 * One field of a dynamic form definition (service forms, the agent form of a call, widget forms).
 * Values are keyed by `name`.
 */
export const FormFieldSchema = v.object({
  name: ShortTextSchema,
  label: v.string(),
  type: v.picklist(FORM_FIELD_TYPES),
  required: v.boolean(),
  placeholder: v.optional(v.string()),
  /** For select and radio. */
  options: v.optional(v.array(FormOptionSchema)),
  /** A JavaScript regular expression source the value must match (text-like fields). */
  pattern: v.optional(v.string()),
  maxLength: v.optional(v.number()),
  min: v.optional(v.number()),
  max: v.optional(v.number()),
})
/** A form field definition. */
export type FormField = v.InferOutput<typeof FormFieldSchema>

/** A dynamic form: its fields in display order. */
export const FormDefinitionSchema = v.array(FormFieldSchema)
/** A dynamic form definition. */
export type FormDefinition = v.InferOutput<typeof FormDefinitionSchema>

/** Most choices one value of a filled form holds (a checkbox group). */
export const MAX_FORM_CHOICES = 200

/** One value of a filled form: text, number, boolean (checkbox) or several choices. */
export const FormValueSchema = v.union([
  v.pipe(v.string(), v.maxLength(MAX_TEXT)),
  v.number(),
  v.boolean(),
  v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_TEXT))), v.maxLength(MAX_FORM_CHOICES)),
  v.null(),
])
/** Bounds of a filled form as a whole: many long answers, but not megabytes. */
export const FORM_JSON_LIMITS = { maxString: MAX_TEXT, maxBytes: 256 * 1024 } as const

/** One value of a filled form. */
export type FormValue = v.InferOutput<typeof FormValueSchema>

/** Values of a filled form, by field name. */
export const FormValuesSchema = v.pipe(
  v.record(ShortTextSchema, FormValueSchema),
  v.maxEntries(200),
  boundedJson<Record<string, FormValue>>(FORM_JSON_LIMITS),
)
/** Values of a filled form. */
export type FormValues = v.InferOutput<typeof FormValuesSchema>

/** A filled field ready to show: label and value (and choices, to show a choice's label). */
export const FilledFieldSchema = v.object({
  label: v.string(),
  value: FormValueSchema,
  options: v.optional(v.array(FormOptionSchema)),
})
/** A filled field. */
export type FilledField = v.InferOutput<typeof FilledFieldSchema>

/** A widget form: the customer pre-call form or the agent form, for some segments or all. */
export const WidgetFormSchema = v.object({
  id: IdSchema,
  /** `customer`: filled before calling; `agent`: filled by the agent during the call. */
  type: v.picklist(['customer', 'agent']),
  /** Segments it applies to; empty = every segment. */
  segments: v.array(IdSchema),
  fields: FormDefinitionSchema,
})
/** A widget form. */
export type WidgetForm = v.InferOutput<typeof WidgetFormSchema>

/** Response of `GET /widget?$select[]=forms`. */
export const WidgetFormsResponseSchema = v.object({
  total: v.number(),
  data: v.array(v.object({ forms: v.array(WidgetFormSchema) })),
})
/** Widget forms. */
export type WidgetFormsResponse = v.InferOutput<typeof WidgetFormsResponseSchema>

/**
 * Checks values against a definition: required fields present, types, options, patterns.
 * Shared so that the console and the server agree on what "valid" means.
 *
 * @example
 * const errors = validateFormValues(fields, { name: 'Ana' })
 * if (errors.length > 0) showWarning()
 */
export function validateFormValues(
  fields: FormDefinition,
  values: FormValues,
): { path: string; code: string; message: string }[] {
  const errors: { path: string; code: string; message: string }[] = []
  for (const field of fields) {
    const value = values[field.name]
    const empty =
      value === undefined ||
      value === null ||
      value === '' ||
      value === false ||
      (Array.isArray(value) && value.length === 0)
    if (empty) {
      if (field.required)
        errors.push({ path: field.name, code: 'required', message: `${field.label} is required` })
      continue
    }
    const bad = (code: string, message: string) => errors.push({ path: field.name, code, message })
    if (field.type === 'number') {
      const n = typeof value === 'number' ? value : Number(value)
      if (typeof value === 'boolean' || Array.isArray(value) || Number.isNaN(n))
        bad('type', 'must be a number')
      else if (field.min !== undefined && n < field.min) bad('min', `must be at least ${field.min}`)
      else if (field.max !== undefined && n > field.max) bad('max', `must be at most ${field.max}`)
      continue
    }
    if (field.type === 'checkbox') {
      if (typeof value !== 'boolean' && !Array.isArray(value)) bad('type', 'must be checked or a list')
      continue
    }
    if (field.type === 'select' || field.type === 'radio') {
      const allowed = new Set((field.options ?? []).map((option) => option.value))
      const chosen = Array.isArray(value) ? value : [String(value)]
      if (chosen.some((choice) => !allowed.has(choice))) bad('option', 'is not one of the options')
      continue
    }
    if (typeof value !== 'string') {
      bad('type', 'must be text')
      continue
    }
    if (field.maxLength !== undefined && value.length > field.maxLength) bad('maxLength', 'is too long')
    else if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
      bad('email', 'must be an email')
    else if (field.type === 'date' && Number.isNaN(Date.parse(value))) bad('date', 'must be a date')
    else if (field.pattern !== undefined && !safeRegExp(field.pattern)?.test(value))
      bad('pattern', 'has a wrong format')
  }
  return errors
}

function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source)
  } catch {
    return undefined
  }
}
