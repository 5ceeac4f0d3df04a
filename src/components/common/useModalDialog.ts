import { useLayoutEffect, type RefObject } from 'react'

/**
 * Opens a native `<dialog>` as a modal when it mounts, with the focus on `first`, and on unmount closes
 * it and gives the focus back to where it was (the button that opened it).
 *
 * @example
 * useModalDialog(dialog, closeButton)
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  first: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const element = dialog.current
    const before = (element?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement
    if (element && !element.open) element.showModal()
    // Inside the dialog from the start (a shadow root's dialog may leave it on the body).
    first.current?.focus()
    return () => {
      element?.close()
      if (before instanceof HTMLElement && before.isConnected) before.focus()
    }
    // Once per dialog: the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
