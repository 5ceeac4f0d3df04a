import { css } from 'lit'

/** The arrows of a server table's pager (TablePager): icon buttons that keep the focus when unavailable. */
export const tablePagerStyles = css`
  .table-pager {
    display: flex;
    align-items: center;
    justify-content: end;
    gap: var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
  }
  .pager-arrow {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    inline-size: 2rem;
    block-size: 2rem;
    padding: 0;
    border: 0;
    border-radius: var(--sl-border-radius-medium);
    background: transparent;
    color: var(--sl-color-neutral-600);
    font-size: 1.1rem;
    cursor: pointer;
  }
  .pager-arrow:hover:not([aria-disabled='true']) {
    color: var(--sl-color-primary-600);
  }
  .pager-arrow[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .pager-arrow:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
`
