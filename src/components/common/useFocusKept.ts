import { useEffect, useRef, type RefObject } from 'react'

/** The controls a keyboard user can press in a row, in the order Tab reaches them. */
const CONTROL =
  'button:not([disabled]), sl-button:not([disabled]), sl-icon-button:not([disabled]), a[href], ' +
  '[tabindex]:not([tabindex="-1"])'

/** True when nothing on the page holds the focus: the element that had it left the page. */
function focusLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body
}

/** Focuses `element`, or its first control when it is a row. */
function focusInto(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false
  const control = element.matches(CONTROL) ? element : element.querySelector<HTMLElement>(CONTROL)
  const target = control ?? (element.hasAttribute('tabindex') ? element : null)
  if (!target) return false
  const lit = target as HTMLElement & { updateComplete?: Promise<unknown> }
  // A Shoelace control focuses its inner button, which exists once it has rendered: not always yet.
  if (lit.updateComplete)
    void lit.updateComplete.then(() => {
      if (target.isConnected && focusLost()) target.focus()
    })
  else target.focus()
  return true
}

/**
 * Keeps the keyboard focus in a list whose rows come and go: when the control that held the focus
 * leaves (the agent accepted someone, deleted a file), the focus moves to the first control of
 * the row now at its place, else of the next row that has one, else of the nearest before it,
 * else to the container's first `[data-focus-fallback]` element. Without it the focus fell to
 * the page's body, and a keyboard or screen reader user had to start again from the top.
 *
 * @param container - the element around the list and its empty state
 * @param rowSelector - what a row is, within the container
 * @param rows - a value that changes when the rows or their controls change (ids and states, joined)
 *
 * @example
 * const list = useRef<HTMLDivElement>(null)
 * useFocusKept(list, 'li.authorization', waiting.map((person) => person.sessionId).join())
 */
export function useFocusKept(
  container: RefObject<HTMLElement | null>,
  rowSelector: string,
  rows: string,
): void {
  // Where the focus was in the list: the element, and the index of its row.
  const held = useRef<{ element: Element; index: number } | null>(null)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      if (!(target instanceof Element)) return
      const row = target.closest(rowSelector)
      const index = row ? Array.from(element.querySelectorAll(rowSelector)).indexOf(row) : -1
      held.current = { element: target, index }
    }
    const onFocusOut = (event: FocusEvent) => {
      // The agent moved on: only a focus that went nowhere is one to bring back.
      const next = event.relatedTarget
      if (next instanceof Node && !element.contains(next)) held.current = null
    }
    element.addEventListener('focusin', onFocusIn)
    element.addEventListener('focusout', onFocusOut)
    return () => {
      element.removeEventListener('focusin', onFocusIn)
      element.removeEventListener('focusout', onFocusOut)
    }
  }, [container, rowSelector])

  useEffect(() => {
    const element = container.current
    const was = held.current
    if (!element || !was || was.element.isConnected || !focusLost()) return
    held.current = null
    const list = [...element.querySelectorAll(rowSelector)]
    const at = Math.min(Math.max(was.index, 0), list.length)
    // The row now in its place, else the next one with a control, else the nearest before it.
    const order = [...list.slice(at), ...list.slice(0, at).reverse()]
    if (order.some((row) => focusInto(row))) return
    focusInto(element.querySelector('[data-focus-fallback]'))
  }, [container, rowSelector, rows])
}
