import { expect, nextFrame } from '@open-wc/testing'
import { setAnimation } from '@shoelace-style/shoelace/dist/utilities/animation-registry.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/dropdown/dropdown.js'
import '@shoelace-style/shoelace/dist/components/menu/menu.js'
import '@shoelace-style/shoelace/dist/components/menu-item/menu-item.js'
import '@shoelace-style/shoelace/dist/components/option/option.js'
import '@shoelace-style/shoelace/dist/components/select/select.js'
import { steadyPopup } from '../../src/components/common/steady-popup'
import { renderArea, type RenderedArea } from '../support/render-area'
import { waitUntil } from '../support/waits'

type Popup = HTMLElement & {
  open: boolean
  updateComplete: Promise<boolean>
  show(): Promise<void>
  hide(): Promise<void>
  popup: { popup: HTMLElement }
}

/** Resolves on the element's next `name` event. */
const next = (element: HTMLElement, name: string) =>
  new Promise<void>((resolve) => element.addEventListener(name, () => resolve(), { once: true }))

describe('steadyPopup: a Shoelace popup opened again while it is still closing', () => {
  let area: RenderedArea
  afterEach(() => area.unmount())

  /**
   * Opens, closes and at once reopens the element, the close lasting 500 ms, and checks what the agent
   * sees once it has opened: the panel at full opacity, no fade of the old close over it.
   */
  async function reopenWhileClosing(element: Popup, hideAnimation: string): Promise<void> {
    // A long close makes the window deterministic; Shoelace's own lasts 100 ms.
    setAnimation(element, hideAnimation, {
      keyframes: [{ opacity: 1 }, { opacity: 0 }],
      options: { duration: 500 },
    })
    // Opened before its first render, it would open without the events this drives.
    await element.updateComplete
    await element.show()
    let closed = false
    const hidden = next(element, 'sl-after-hide').then(() => (closed = true))
    void element.hide()
    await waitUntil(() => element.popup.popup.getAnimations().length > 0, 'the close never started', {
      timeout: 2_000,
    })
    expect(closed, 'still closing').to.equal(false)
    const shown = next(element, 'sl-after-show')
    void element.show()
    await shown
    expect(getComputedStyle(element.popup.popup).opacity, 'no closing fade over the opened panel').to.equal(
      '1',
    )
    await hidden
    await nextFrame()
  }

  it('keeps a dropdown menu on screen', async () => {
    area = await renderArea(
      <sl-dropdown {...steadyPopup}>
        <sl-button slot="trigger">Actions</sl-button>
        <sl-menu>
          <sl-menu-item value="one">One</sl-menu-item>
        </sl-menu>
      </sl-dropdown>,
    )
    const dropdown = area.shadow.querySelector<Popup>('sl-dropdown')!
    await reopenWhileClosing(dropdown, 'dropdown.hide')
    expect(dropdown.open).to.equal(true)
    const item = area.shadow.querySelector('sl-menu-item')!
    expect(item.checkVisibility({ opacityProperty: true }), 'the open menu shows its item').to.equal(true)
  })

  it('keeps a select’s options on screen', async () => {
    area = await renderArea(
      <sl-select {...steadyPopup} label="Service">
        <sl-option value="one">One</sl-option>
      </sl-select>,
    )
    const select = area.shadow.querySelector<Popup>('sl-select')!
    await reopenWhileClosing(select, 'select.hide')
    expect(select.open).to.equal(true)
    const option = area.shadow.querySelector('sl-option')!
    expect(option.checkVisibility({ opacityProperty: true }), 'the open select shows its option').to.equal(
      true,
    )
  })
})
