import { useEffect, type RefObject } from 'react'

/** What a keyboard user can be taken to first in a drawer's form. */
const FIRST_CONTROL = [
  'sl-select:not([disabled])',
  'sl-input:not([disabled])',
  'sl-button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  '[tabindex="0"]',
].join(', ')

/** A Shoelace element: it can take the focus once it has rendered. */
type Rendered = HTMLElement & { updateComplete?: Promise<unknown> }

/** Focuses the first control of `content` once it (a Shoelace control: its inner input) has rendered. */
async function focusFirstControl(content: HTMLElement | null): Promise<void> {
  const first = content?.querySelector<Rendered>(FIRST_CONTROL)
  if (!content || !first) return
  // Not before the drawer shows its panel: a control in a hidden panel takes no focus.
  await content.closest<Rendered>('sl-drawer')?.updateComplete
  await customElements.whenDefined(first.localName).catch(() => undefined)
  await first.updateComplete
  if (first.isConnected) first.focus()
}

/**
 * Takes the keyboard focus to the first control of a Shoelace drawer's form when the drawer opens,
 * instead of leaving it on the button that opened it, or on the panel: an agent then started eight
 * Tabs away from the day picker. Shoelace moves the focus (to its panel) only when `open` changes on a
 * drawer already drawn, through a cancelable `sl-initial-focus`; a drawer first drawn open (the
 * lazily loaded one) gets no focus at all. Returns the `sl-initial-focus` handler to give the drawer.
 *
 * @example
 * const onInitialFocus = useFocusOnOpen(form, open)
 * <sl-drawer open={open} onsl-initial-focus={onInitialFocus}>…</sl-drawer>
 */
export function useFocusOnOpen(
  content: RefObject<HTMLElement | null>,
  open: boolean,
): (event: Event) => void {
  useEffect(() => {
    if (open) void focusFirstControl(content.current)
  }, [content, open])
  return (event) => {
    // Its own event: a nested Shoelace element's bubbles through it too.
    if (event.target !== event.currentTarget) return
    event.preventDefault()
    void focusFirstControl(content.current)
  }
}
