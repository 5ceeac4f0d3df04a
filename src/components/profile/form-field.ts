/**
 * The text of a form's field at submit time. Read from the form itself rather than from state, so
 * what was typed right before the submit is never missed.
 *
 * @example
 * onSubmit={(event) => void send(fieldOf(event.currentTarget, 'code'))}
 */
export function fieldOf(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value : ''
}
