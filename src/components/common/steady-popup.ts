import type SlDropdown from '@shoelace-style/shoelace/dist/components/dropdown/dropdown.component.js'
import type SlSelect from '@shoelace-style/shoelace/dist/components/select/select.component.js'

/** The Shoelace elements whose panel opens in a popup with a closing animation. */
type PopupElement = SlDropdown | SlSelect

/**
 * Event props that keep an `<sl-dropdown>` or `<sl-select>` open when it is opened again while still
 * closing.
 *
 * Shoelace 2.20 plays the closing animation on the panel inside its popup but, when opened again, stops
 * only the animations of the host element. The old closing animation then ends after the panel was
 * shown and hides it: the element reads open while its menu is gone, until it is clicked twice more.
 * An agent who picks an action and reopens the menu within those 100 ms (a keyboard user can) met it.
 *
 * @example
 * <sl-dropdown {...steadyPopup}>…</sl-dropdown>
 */
export const steadyPopup = {
  /** Stops a closing animation still playing, so its fade does not cover the panel being opened. */
  'onsl-show': (event: Event): void => {
    ownPopup(event)
      ?.popup.popup?.getAnimations()
      .forEach((animation) => animation.cancel())
  },
  /** Shows the panel again when a closing animation ended after the element was opened again. */
  'onsl-after-hide': (event: Event): void => {
    const element = ownPopup(event)
    if (!element?.open) return
    // The two steps Shoelace's opening path takes, undone by the stale close.
    const panel = 'panel' in element ? element.panel : element.listbox
    panel.hidden = false
    element.popup.active = true
  },
}

/** The element the event is about; events of a nested Shoelace element bubble through it too. */
function ownPopup(event: Event): PopupElement | null {
  return event.target === event.currentTarget ? (event.currentTarget as PopupElement) : null
}
