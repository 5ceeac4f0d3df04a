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
  /* A grid item grows to its content's width unless told: the table's box stays the page's width. */
  .history-page {
    grid-template-columns: minmax(0, 1fr);
  }
  /*
   * Narrow (a phone: at 360 px the table needed 590): each call is a card of labelled lines, and the headers
   * a wrapped row of sort buttons above them. Nothing is wider than the screen.
   */
  @container (max-width: 40rem) {
    .history-table,
    .history-table thead,
    .history-table tbody,
    .history-table tr,
    .history-table td {
      display: block;
    }
    .history-table thead tr {
      display: flex;
      flex-wrap: wrap;
      gap: var(--sl-spacing-2x-small) var(--sl-spacing-small);
      padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
      background: var(--sl-color-neutral-50);
      border-bottom: 1px solid var(--sl-color-neutral-200);
    }
    .history-table thead th {
      display: block;
      padding: 0;
      border: 0;
    }
    .history-table tbody tr {
      padding: var(--sl-spacing-x-small) 0;
      border-bottom: 1px solid var(--sl-color-neutral-200);
    }
    .history-table td {
      border: 0;
      overflow-wrap: anywhere;
    }
    .history-table td:empty {
      display: none;
    }
    .history-table td::before {
      content: attr(data-label);
      display: inline-block;
      min-width: 7rem;
      margin-inline-end: var(--sl-spacing-small);
      font-weight: var(--sl-font-weight-semibold);
      color: var(--sl-color-neutral-700);
    }
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
