/**
 * Whether the keyboard focus is nowhere, or inside `root` (the element's shadow root): the console
 * may then move it to the agent's next action. Focus the agent put in the host page is left alone.
 */
export function focusIsOurs(root: ShadowRoot | null): boolean {
  const active = document.activeElement
  if (!active || active === document.body || active === document.documentElement) return true
  return !!root && active === root.host
}
