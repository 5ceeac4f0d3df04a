import { atom } from 'nanostores'
import * as v from 'valibot'
import { validateFormValues, type FormDefinition, type FormValues } from '../../protocol'
import { SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { realtime } from '../session/connection'
import { dropDraft, keepFormDraft } from './call-drafts'
import type { SaveStatus } from './call-comments'
import { onCallCleanup } from './call-scope'

/** A field's problem, by code (`required`, `email`, `pattern`, `min`…): the view translates it. */
export type FieldErrors = Record<string, string>

/** The agent form of the active call. */
export interface CallForm {
  /** The form's definition; null when the call has none (the side menu hides the view). */
  definition: FormDefinition | null
  values: FormValues
  /** Problems of the current values, by field name; empty when valid. */
  errors: FieldErrors
  status: SaveStatus
  /** Values not yet acknowledged by the server: sent again after a reconnect. */
  dirty: boolean
  /** Fields the agent changed: their problems show as they type. */
  touched: string[]
  /** The agent tried to hang up with problems left: every problem shows, touched or not. */
  showAllErrors: boolean
}

const EMPTY: CallForm = {
  definition: null,
  values: {},
  errors: {},
  status: 'idle',
  dirty: false,
  touched: [],
  showAllErrors: false,
}

/** The agent form of the active call. */
export const $callForm = atom<CallForm>(EMPTY)

let timer: TimerId | undefined

function check(definition: FormDefinition | null, values: FormValues): FieldErrors {
  if (!definition) return {}
  return Object.fromEntries(validateFormValues(definition, values).map((e) => [e.path, e.code]))
}

/** Takes the call's form and the values saved so far; a rejoin keeps what the agent typed since. */
export function startForm(
  definition: FormDefinition | null,
  values: FormValues,
  { keepTyped = false } = {},
): void {
  const current = $callForm.get()
  if (keepTyped && current.dirty) {
    $callForm.set({ ...current, definition, errors: check(definition, current.values) })
    return
  }
  clock.clearTimeout(timer)
  $callForm.set({ ...EMPTY, definition, values, errors: check(definition, values) })
}

/**
 * The agent changed a field: validated at once, saved with `form:update` 500 ms after the last change.
 *
 * @example
 * editFormField('reason', 'billing')
 */
export function editFormField(name: string, value: FormValues[string]): void {
  const form = $callForm.get()
  const values = { ...form.values, [name]: value }
  const touched = form.touched.includes(name) ? form.touched : [...form.touched, name]
  $callForm.set({
    ...form,
    values,
    touched,
    errors: check(form.definition, values),
    status: 'pending',
    dirty: true,
  })
  keepFormDraft(values)
  clock.clearTimeout(timer)
  timer = clock.setTimeout(() => void saveForm(), SAVE_DEBOUNCE_MS)
}

/**
 * Sends the values now (the debounce ran out, a reconnect found them unsaved, or the last try failed). A
 * failure is tried again {@link SAVE_RETRY_MS} later.
 */
export async function saveForm(): Promise<void> {
  clock.clearTimeout(timer)
  const values = $callForm.get().values
  $callForm.set({ ...$callForm.get(), status: 'saving' })
  try {
    await realtime().request('form:update', { values }, v.null())
    if ($callForm.get().values !== values) return
    $callForm.set({ ...$callForm.get(), status: 'saved', dirty: false })
    dropDraft('form')
  } catch {
    // Changed again meanwhile: those newer values have their own save coming.
    if ($callForm.get().values !== values) return
    $callForm.set({ ...$callForm.get(), status: 'error' })
    timer = clock.setTimeout(() => void saveForm(), SAVE_RETRY_MS)
  }
}

/** The problems the agent should see now: those of touched fields, or all after a blocked hang-up. */
export function visibleFormErrors(form: CallForm): FieldErrors {
  if (form.showAllErrors) return form.errors
  return Object.fromEntries(Object.entries(form.errors).filter(([name]) => form.touched.includes(name)))
}

/** Whether hang-up may go ahead: no form, or a valid one. An invalid one shows all its problems. */
export function formAllowsHangup(): boolean {
  const form = $callForm.get()
  if (!form.definition || Object.keys(form.errors).length === 0) return true
  $callForm.set({ ...form, showAllErrors: true })
  return false
}

/** The link came back: values changed but not acknowledged are sent again. */
export function resendForm(): void {
  if ($callForm.get().dirty && $callForm.get().status !== 'pending') void saveForm()
}

/** Forgets the form (the call ended). */
export function resetForm(): void {
  clock.clearTimeout(timer)
  $callForm.set(EMPTY)
}

onCallCleanup(resetForm)
