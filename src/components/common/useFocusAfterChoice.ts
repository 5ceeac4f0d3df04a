import { useEffect, useState, type RefObject } from 'react'

/** A Shoelace control: it takes the focus once it has rendered what its properties say. */
type ShoelaceControl = HTMLElement & { updateComplete?: Promise<unknown>; disabled?: boolean }

/**
 * Moves the focus to `next` (a dialog's confirm button) after the agent chooses in the dialog: the
 * choice enables it, and pressing it is the keyboard user's next step; the focus otherwise stayed on
 * the row's select button, many Tabs away. Returns the function to call on each choice.
 *
 * @example
 * const chosen = useFocusAfterChoice(confirm)
 * <AgentsTable onSelect={(agent) => { chooseInvitee(agent); chosen() }} />
 */
export function useFocusAfterChoice(next: RefObject<ShoelaceControl | null>): () => void {
  const [choices, setChoices] = useState(0)
  useEffect(() => {
    const element = next.current
    if (choices === 0 || !element) return
    // Not after an unmount, nor for a choice another one replaced meanwhile.
    let current = true
    // After this render: the button's `disabled` is set, and Shoelace renders its inner button after it.
    void customElements
      .whenDefined(element.localName)
      .then(() => element.updateComplete)
      .then(() => {
        if (current && !element.disabled) element.focus()
      })
    return () => {
      current = false
    }
  }, [choices, next])
  return () => setChoices((count) => count + 1)
}
