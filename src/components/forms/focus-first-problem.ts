/** What marks a problem in a form: a control marked invalid, or a problem said where no control is. */
const PROBLEM = '[aria-invalid="true"], .field-problem'

/**
 * Takes the user to the first problem of a form that refused to submit: focuses the first control
 * marked invalid (for a radio group, its one tab stop), which scrolls it into view; a problem with no
 * control of its own is scrolled into view. A long form (the schedule drawer) otherwise fails below
 * the fold, and the button seems to do nothing. Returns whether there was a problem to go to.
 *
 * @example
 * if (!(await submit())) focusFirstProblem(form.current)
 */
export function focusFirstProblem(root: ParentNode | null): boolean {
  const first = root?.querySelector<HTMLElement>(PROBLEM)
  if (!first) return false
  if (first.matches('.field-problem')) {
    first.scrollIntoView({ block: 'center' })
    return true
  }
  const target =
    first.getAttribute('role') === 'radiogroup'
      ? (first.querySelector<HTMLElement>('[tabindex="0"]') ?? first.querySelector<HTMLElement>('button'))
      : first
  ;(target ?? first).focus()
  return true
}
