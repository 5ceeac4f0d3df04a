import { css } from 'lit'
import { visuallyHidden } from '../root/base.styles'

/** The shell's layout: header, body (page or call, calendar sidebar), bottom menu. */
export const shellStyles = css`
  /* The screen fills the element (the host page sizes the element). */
  .agent-root {
    height: 100%;
  }
  .shell {
    container-type: inline-size;
    height: 100%;
    display: flex;
    flex-direction: column;
    background: var(--sl-color-neutral-50);
  }
  .banners {
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .banners:empty {
    display: none;
  }
  .banner-row {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-medium);
    flex-wrap: wrap;
  }
  .shell-header {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-large);
    flex-wrap: wrap;
    padding: var(--sl-spacing-small) var(--sl-spacing-large);
    background: var(--sl-color-neutral-0);
    border-bottom: 1px solid var(--sl-color-neutral-200);
  }
  .brand {
    display: flex;
    align-items: baseline;
    gap: var(--sl-spacing-x-small);
  }
  .brand-name {
    margin: 0;
    font-size: inherit;
    font-weight: var(--sl-font-weight-bold);
  }
  .version-tag {
    font-size: var(--sl-font-size-x-small);
    color: var(--sl-color-neutral-600);
    background: var(--sl-color-neutral-100);
    border-radius: var(--sl-border-radius-pill);
    padding: 0 var(--sl-spacing-x-small);
  }
  .user-name {
    font-weight: var(--sl-font-weight-semibold);
    color: var(--sl-color-neutral-700);
  }
  .header-actions {
    margin-inline-start: auto;
    display: flex;
    gap: var(--sl-spacing-x-small);
  }
  .shell-body {
    flex: 1;
    display: grid;
    grid-template-columns: 1fr auto;
    min-height: 0;
  }
  .shell-main {
    padding: var(--sl-spacing-large);
    overflow: auto;
  }
  /* Inset like the page beside it: flush, its toolbar and the calendar's select touched the border. */
  .shell-calendar {
    width: min(28rem, 40vw);
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    border-inline-start: 1px solid var(--sl-color-neutral-200);
    background: var(--sl-color-neutral-0);
    overflow: auto;
  }
  /*
   * Medium (a 1024 px laptop, a wide slot): the header keeps to one row, its buttons showing their icon
   * only (their name stays for screen readers) and no version tag.
   */
  @container (max-width: 75rem) {
    .version-tag {
      display: none;
    }
    .header-actions .button-label {
      ${visuallyHidden}
    }
  }
  /*
   * Narrow (a phone, a narrow slot): one column, the calendar below the page; a two-row header (its
   * buttons already icon-only, see above) whose status's label stays for screen readers only; no user name.
   */
  @container (max-width: 48rem) {
    .shell-body {
      display: block;
      overflow: auto;
    }
    .shell-main {
      overflow: visible;
      padding: var(--sl-spacing-small);
    }
    /* A set height: FullCalendar's day fills its parent's height, and an auto one left it empty. */
    .shell-calendar {
      width: auto;
      height: 36rem;
      padding: var(--sl-spacing-small);
      border-inline-start: 0;
      border-top: 1px solid var(--sl-color-neutral-200);
      overflow: visible;
    }
    .shell-header {
      gap: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
      padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    }
    /* Two short rows: the brand and the icon buttons, then the status and the time connected. */
    .shell-header .status-area {
      order: 1;
      flex: 1 1 100%;
      /* One row when online; the connection's state (not connected, reconnecting) may need a second. */
      flex-wrap: wrap;
      gap: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    }
    .shell-header .status-trigger {
      min-width: 0;
    }
    .user-name {
      display: none;
    }
    .shell-header .status-label {
      ${visuallyHidden}
    }
  }
  .page h2 {
    margin: 0 0 var(--sl-spacing-small);
    font-size: var(--sl-font-size-large);
  }
  /* Kept in sight when the element is taller than what shows of it (a page's margin or header above it). */
  .bottom-menu {
    position: sticky;
    bottom: 0;
    z-index: 1;
    background: var(--sl-color-neutral-0);
    border-top: 1px solid var(--sl-color-neutral-200);
  }
  .bottom-menu ul {
    display: flex;
    justify-content: space-around;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .bottom-menu a {
    position: relative;
    display: grid;
    justify-items: center;
    gap: var(--sl-spacing-3x-small);
    padding: var(--sl-spacing-x-small) var(--sl-spacing-medium);
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-700);
    text-decoration: none;
    cursor: pointer;
  }
  .bottom-menu a sl-icon {
    font-size: var(--sl-font-size-large);
  }
  .bottom-menu a[aria-current='page'] {
    color: var(--sl-color-primary-600);
    font-weight: var(--sl-font-weight-semibold);
  }
  .bottom-menu a[aria-disabled='true'] {
    color: var(--sl-color-neutral-400);
    cursor: not-allowed;
  }
  .bottom-menu a:focus-visible {
    outline: var(--sl-focus-ring);
  }
  /*
   * Narrow: smaller entries, so that the four fit a 320 px phone in French. After the rules above, which it
   * overrides: in the narrow block before them it lost to them, and the last entry ended past the screen.
   */
  @container (max-width: 48rem) {
    .bottom-menu a {
      padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
      font-size: var(--sl-font-size-x-small);
    }
  }
  .bottom-menu li {
    position: relative;
  }
  /* Why the menu is disabled: shown above the entry on hover and on keyboard focus. */
  .menu-tooltip {
    position: absolute;
    bottom: calc(100% + var(--sl-spacing-2x-small));
    left: 50%;
    transform: translateX(-50%);
    width: max-content;
    max-width: 14rem;
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
    border-radius: var(--sl-tooltip-border-radius);
    background: var(--sl-tooltip-background-color);
    color: var(--sl-tooltip-color);
    font-size: var(--sl-tooltip-font-size);
    line-height: var(--sl-tooltip-line-height);
    text-align: center;
    pointer-events: none;
    opacity: 0;
    visibility: hidden;
    z-index: 1;
  }
  /* The end entries' tips keep to the menu's edges: centred, they reached past a phone's screen and
     widened its page (hidden as they are, they still count in its width). */
  .bottom-menu li:first-child .menu-tooltip {
    left: 0;
    transform: none;
  }
  .bottom-menu li:last-child .menu-tooltip {
    left: auto;
    right: 0;
    transform: none;
  }
  .bottom-menu li:hover .menu-tooltip,
  .bottom-menu a:focus-visible + .menu-tooltip {
    opacity: 1;
    visibility: visible;
  }
  .badge {
    position: absolute;
    top: 0;
    inset-inline-end: var(--sl-spacing-x-small);
    min-width: 1.25rem;
    padding: 0 var(--sl-spacing-3x-small);
    border-radius: var(--sl-border-radius-pill);
    background: var(--sl-color-danger-600);
    color: var(--sl-color-neutral-0);
    font-size: var(--sl-font-size-2x-small);
    font-weight: var(--sl-font-weight-bold);
    line-height: 1.25rem;
    text-align: center;
  }
  .startup {
    width: min(32rem, 92vw);
    border: 0;
    border-radius: var(--sl-border-radius-large);
    box-shadow: var(--sl-shadow-x-large);
    padding: var(--sl-spacing-x-large);
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .shortcuts-dialog {
    width: min(34rem, 92vw);
    border: 0;
    border-radius: var(--sl-border-radius-large);
    box-shadow: var(--sl-shadow-x-large);
    padding: var(--sl-spacing-x-large);
  }
  .shortcuts-dialog::backdrop {
    background: var(--sl-overlay-background-color);
  }
  .shortcuts-dialog h2 {
    margin: 0 0 var(--sl-spacing-small);
    font-size: var(--sl-font-size-large);
  }
  .shortcuts-table {
    width: 100%;
    border-collapse: collapse;
    margin-block: var(--sl-spacing-medium);
  }
  .shortcuts-table th,
  .shortcuts-table td {
    text-align: start;
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
    border-bottom: 1px solid var(--sl-color-neutral-200);
  }
  .shortcuts-table kbd {
    font-family: var(--sl-font-mono);
    white-space: nowrap;
  }
  .dialog-actions {
    display: flex;
    justify-content: flex-end;
  }
  .startup:not([open]) {
    display: none;
  }
  .startup::backdrop {
    background: var(--sl-overlay-background-color);
  }
  .startup h2 {
    margin: 0;
    font-size: var(--sl-font-size-large);
  }
  .preview {
    width: 100%;
    aspect-ratio: 4 / 3;
    background: var(--sl-color-neutral-900);
    border-radius: var(--sl-border-radius-medium);
    object-fit: cover;
  }
  .devices {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .devices li {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
  }
  .devices li[data-found='false'] {
    color: var(--sl-color-danger-700);
  }
  .startup-actions {
    display: flex;
    justify-content: flex-end;
    gap: var(--sl-spacing-x-small);
  }
`
