import { css } from 'lit'

/** The history list, its filters, and a call's detail. */
export const historyStyles = css`
  .history-filters {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
    gap: var(--sl-spacing-small);
    align-items: end;
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
  }
  .history-filters .search-field {
    grid-column: span 2;
  }
  /* Narrow (the shell's one column): one filter a row; two would push the form past the screen. */
  @container (max-width: 48rem) {
    .history-filters .search-field {
      grid-column: auto;
    }
  }
  /* The table scrolls sideways inside its own box when its columns do not fit. */
  .table-scroll {
    overflow-x: auto;
  }
  .filter-actions {
    display: flex;
    gap: var(--sl-spacing-x-small);
  }
  .history-table .duration {
    font-variant-numeric: tabular-nums;
  }
  .via {
    display: block;
  }
  .detail-grid {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
    gap: var(--sl-spacing-medium);
    align-items: start;
  }
  .transcript {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-x-small);
    max-height: 24rem;
    overflow: auto;
  }
  .transcript li {
    padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-neutral-100);
    max-width: 85%;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .transcript li[data-from='agent'],
  .transcript li[data-from='guest'] {
    justify-self: end;
    background: var(--sl-color-primary-100);
  }
  .steps {
    margin: 0;
    padding-inline-start: var(--sl-spacing-large);
    display: grid;
    gap: var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
  }
  .comment {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .back-link {
    justify-self: start;
  }
`
