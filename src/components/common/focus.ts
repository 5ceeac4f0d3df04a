/**
 * Whether the keyboard focus is nowhere, or inside `root` (the element's shadow root): the console
 * may then move it to the agent's next action. Focus the agent put in the host page is left alone.
 */
export function focusIsOurs(root: ShadowRoot | null): boolean {
  const active = document.activeElement
  if (!active || active === document.body || active === document.documentElement) return true
  return !!root && active === root.host
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside a modal dialog: from its last control to its first and back (a native modal lets
 * Tab leave for the browser's own bar). Call from the dialog's keydown handler.
 */
export function trapTab(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  dialog: HTMLElement | null,
): void {
  if (event.key !== 'Tab' || !dialog) return
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]'),
  )
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (!first || !last) return
  const active = (dialog.getRootNode() as ShadowRoot | Document).activeElement
  if (
    event.shiftKey
      ? active === first || !dialog.contains(active)
      : active === last || !dialog.contains(active)
  ) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}
