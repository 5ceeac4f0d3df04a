import { css } from 'lit'

/** What every page of the shell shares: its header, states, tables, lists and pager. */
export const pageStyles = css`
  .page {
    display: grid;
    gap: var(--sl-spacing-medium);
    align-content: start;
    max-width: 72rem;
  }
  .page-header {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
    flex-wrap: wrap;
  }
  .page-header h2 {
    margin: 0;
    font-size: var(--sl-font-size-large);
  }
  .page-header .actions {
    margin-inline-start: auto;
    display: flex;
    gap: var(--sl-spacing-x-small);
    flex-wrap: wrap;
  }
  .page h3 {
    margin: 0 0 var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-medium);
  }
  .card {
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    padding: var(--sl-spacing-medium);
  }
  .page-state {
    margin: 0;
    padding: var(--sl-spacing-large);
    text-align: center;
    color: var(--sl-color-neutral-600);
    background: var(--sl-color-neutral-0);
    border: 1px dashed var(--sl-color-neutral-300);
    border-radius: var(--sl-border-radius-large);
  }
  .data-table {
    width: 100%;
    border-collapse: collapse;
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    font-size: var(--sl-font-size-small);
  }
  .data-table th,
  .data-table td {
    padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
    text-align: start;
    border-bottom: 1px solid var(--sl-color-neutral-100);
    vertical-align: top;
  }
  .data-table th {
    font-weight: var(--sl-font-weight-semibold);
    color: var(--sl-color-neutral-700);
    background: var(--sl-color-neutral-50);
    white-space: nowrap;
  }
  .data-table tbody tr:hover {
    background: var(--sl-color-primary-50);
  }
  .data-table[aria-busy='true'] tbody {
    opacity: 0.5;
  }
  .sort-button {
    font: inherit;
    font-weight: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-3x-small);
  }
  .pager {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: var(--sl-spacing-small);
    font-size: var(--sl-font-size-small);
  }
  .tag {
    display: inline-block;
    padding: 0 var(--sl-spacing-x-small);
    border-radius: var(--sl-border-radius-pill);
    background: var(--sl-color-neutral-100);
    color: var(--sl-color-neutral-800);
    font-size: var(--sl-font-size-x-small);
    line-height: 1.6;
    margin: 0 var(--sl-spacing-3x-small) var(--sl-spacing-3x-small) 0;
    white-space: nowrap;
  }
  .tag.primary {
    background: var(--sl-color-primary-100);
    color: var(--sl-color-primary-800);
  }
  .tag.success {
    background: var(--sl-color-success-100);
    color: var(--sl-color-success-800);
  }
  .tag.warning {
    background: var(--sl-color-warning-100);
    color: var(--sl-color-warning-800);
  }
  .tag.danger {
    background: var(--sl-color-danger-100);
    color: var(--sl-color-danger-800);
  }
  .item-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .item-list > li {
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    display: grid;
    gap: var(--sl-spacing-3x-small);
  }
  .item-list > li[data-unread='true'] {
    border-inline-start: 4px solid var(--sl-color-primary-600);
  }
  .item-head {
    display: flex;
    align-items: baseline;
    gap: var(--sl-spacing-x-small);
    flex-wrap: wrap;
  }
  .item-head .button {
    margin-inline-start: auto;
  }
  .item-list p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .meta {
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-x-small);
  }
  .button.small {
    min-height: 1.9rem;
    padding: 0 var(--sl-spacing-small);
    font-size: var(--sl-font-size-small);
  }
  .field-list {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
    margin: 0;
    font-size: var(--sl-font-size-small);
  }
  .field-list > .pair {
    display: contents;
  }
  .field-list dt {
    color: var(--sl-color-neutral-600);
  }
  .field-list dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  a.page-link {
    color: var(--sl-color-primary-700);
  }
  /* One step darker than the controls' defaults: text on these colours reaches 4.5:1. */
  .page .button.primary,
  .page .button[aria-pressed='true'] {
    background: var(--sl-color-primary-700);
    border-color: var(--sl-color-primary-700);
    color: var(--sl-color-neutral-0);
  }
  .page .button.primary:hover:not(:disabled),
  .page .button[aria-pressed='true']:hover:not(:disabled) {
    background: var(--sl-color-primary-800);
    border-color: var(--sl-color-primary-800);
    color: var(--sl-color-neutral-0);
  }
  .page .button.text {
    color: var(--sl-color-primary-700);
  }
`
