import { css } from 'lit'

/** The toast stack: top right of the viewport, above everything the element draws. */
export const toastStyles = css`
  .toast-stack {
    position: fixed;
    top: var(--sl-spacing-medium);
    right: var(--sl-spacing-medium);
    z-index: var(--sl-z-index-toast);
    display: flex;
    flex-direction: column;
    gap: var(--sl-spacing-x-small);
    width: min(26rem, calc(100vw - 2 * var(--sl-spacing-medium)));
    pointer-events: none;
  }
  .toast-stack sl-alert {
    pointer-events: auto;
  }
`
