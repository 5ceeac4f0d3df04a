import { css } from 'lit'
import { paletteStyles } from './palette.styles'

/** Declarations that hide a text from sight and keep it for screen readers (a button's name beside its icon). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`

/**
 * The element's own baseline. A host page's global rules (`* { box-sizing: content-box }`, font resets)
 * match the host element itself, so the baseline is set on the inner root, not only on `:host`.
 */
export const baseStyles = css`
  ${paletteStyles}
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  .agent-root {
    all: initial;
    display: block;
    box-sizing: border-box;
    font-family: var(--sl-font-sans);
    font-size: var(--sl-font-size-medium);
    font-weight: var(--sl-font-weight-normal);
    line-height: var(--sl-line-height-normal);
    letter-spacing: normal;
    text-align: start;
    color: var(--sl-color-neutral-900);
    /* Its own surface under its own text colours: the text keeps its contrast on any host background
       (a CRM's dark header), not only on a light one. */
    background: var(--sl-panel-background-color);
    -webkit-font-smoothing: antialiased;
  }
  .agent-root *,
  .agent-root *::before,
  .agent-root *::after {
    box-sizing: border-box;
  }
  /* Text a customer typed (a name, an email, a link) is isolated in <bdi> everywhere; one long word of it
     breaks where it must, rather than widening its column past the screen. */
  .agent-root bdi {
    overflow-wrap: anywhere;
  }
  .agent-root :focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .visually-hidden {
    ${visuallyHidden}
  }
`
