import { css } from 'lit'

/**
 * The toast stack: bottom right of the viewport, above the bottom menu, above everything the element
 * draws; never over the header's controls (status, schedule, log out). A host page places it elsewhere
 * with `--agent-toasts-left`, `--agent-toasts-right` and `--agent-toasts-bottom` (a CRM whose side bar
 * holds the call panel: the stack covered its side menu).
 */
export const toastStyles = css`
  .toast-stack {
    position: fixed;
    bottom: var(--agent-toasts-bottom, calc(var(--sl-spacing-medium) + 4rem));
    right: var(--agent-toasts-right, var(--sl-spacing-medium));
    left: var(--agent-toasts-left, auto);
    z-index: var(--sl-z-index-toast);
    display: flex;
    flex-direction: column;
    gap: var(--sl-spacing-x-small);
    width: min(26rem, calc(100vw - 2 * var(--sl-spacing-medium)));
    pointer-events: none;
  }
  /*
   * In the console the stack keeps to the console's own box, above its bottom menu: fixed to the
   * viewport it covered the menu whenever the host page put anything below the console (the demo's
   * theme bar).
   */
  .agent-root:has(.shell) {
    position: relative;
  }
  .agent-root:has(.shell) > .toast-stack {
    position: absolute;
    width: min(26rem, calc(100% - 2 * var(--sl-spacing-medium)));
  }
  /*
   * A dialog or drawer open: its buttons sit at its bottom right, where the stack covered them (a failed
   * transfer's reason lay over the Transfer button). Its overlay covers the header and the menu, so the
   * stack moves to the bottom left. A narrow screen has no room beside the dialog: the stack stays at
   * the bottom, where the first fields an agent fills are not.
   */
  .agent-root:has(sl-dialog[open], sl-drawer[open]) > .toast-stack {
    right: auto;
    left: var(--sl-spacing-medium);
  }
  .toast {
    --toast-color: var(--sl-color-primary-600);
    pointer-events: auto;
    display: flex;
    align-items: flex-start;
    gap: var(--sl-spacing-medium);
    padding: var(--sl-spacing-large);
    background: var(--sl-panel-background-color);
    border: solid var(--sl-panel-border-width) var(--sl-panel-border-color);
    border-top: solid 3px var(--toast-color);
    border-radius: var(--sl-border-radius-medium);
    box-shadow: var(--sl-shadow-large);
    font-family: var(--sl-font-sans);
    font-size: var(--sl-font-size-small);
    line-height: 1.6;
    color: var(--sl-color-neutral-700);
  }
  .toast.success {
    --toast-color: var(--sl-color-success-600);
  }
  .toast.neutral {
    --toast-color: var(--sl-color-neutral-600);
  }
  .toast.warning {
    --toast-color: var(--sl-color-warning-600);
  }
  .toast.danger {
    --toast-color: var(--sl-color-danger-600);
  }
  .toast-icon {
    flex: none;
    font-size: var(--sl-font-size-large);
    color: var(--toast-color);
  }
  .toast-message {
    flex: 1;
    overflow-wrap: anywhere;
  }
  .toast-detail {
    margin: var(--sl-spacing-2x-small) 0 0;
  }
  .toast-close {
    flex: none;
    display: inline-flex;
    padding: var(--sl-spacing-3x-small);
    border: 0;
    border-radius: var(--sl-border-radius-small);
    background: none;
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-medium);
    cursor: pointer;
  }
  .toast-close:hover {
    color: var(--sl-color-neutral-900);
  }
  .toast-close:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
`
