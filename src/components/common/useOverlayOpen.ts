import { useState } from 'react'

/** What `useOverlayOpen` gives a Shoelace dialog or drawer: its `open`, and its hide handlers. */
export interface OverlayOpen {
  /** The overlay's `open` property. */
  open: boolean
  /** For `onsl-hide`. */
  onHide: (event: Event) => void
  /** For `onsl-after-hide`. */
  onAfterHide: (event: Event) => void
}

/**
 * Drives a Shoelace dialog or drawer from state, with what it shows named by `showing` (null: closed).
 *
 * A hide that Shoelace starts itself (Escape, the overlay, the close button in the header) closes the
 * state at once, through `onClosed(what was showing)`; and what is asked for while a hide still animates
 * waits for that hide to end. Shoelace's overlay reopened mid-hide finishes the hide (its panel hidden,
 * `sl-after-hide` emitted), so the new content would be invisible or closed by the old hide.
 */
export function useOverlayOpen<T>(showing: T | null, onClosed: (closed: T) => void): OverlayOpen {
  const [hiding, setHiding] = useState(false)
  return {
    open: showing !== null && !hiding,
    onHide: (event) => {
      // Selects, tooltips and the like inside hide too, and their events bubble.
      if (event.target !== event.currentTarget) return
      setHiding(true)
      if (showing !== null) onClosed(showing)
    },
    onAfterHide: (event) => {
      if (event.target === event.currentTarget) setHiding(false)
    },
  }
}
