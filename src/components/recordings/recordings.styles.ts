import { css } from 'lit'

/** The Recordings and backups pages: filters, the table, status tags, the player and dialogs. */
export const recordingsStyles = css`
  .recordings-page,
  .backups-page {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .page-heading {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-small);
  }
  .page-heading h2 {
    margin: 0;
  }
  .page-heading .spacer {
    flex: 1;
  }
  .recordings-filters,
  .backup-request {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--sl-spacing-small);
  }
  .recordings-filters label,
  .backup-request label {
    display: grid;
    gap: var(--sl-spacing-3x-small);
    font-size: var(--sl-font-size-small);
  }
  /* The shared control look (controls.styles' .input) at the width of what they hold. */
  .recordings-filters .input,
  .backup-request .input {
    width: auto;
  }
  .problem {
    flex-basis: 100%;
    margin: 0;
    color: var(--sl-color-danger-700);
  }
  .recordings-table,
  .backups-table {
    position: relative;
    overflow-x: auto;
  }
  .recordings-table table,
  .backups-table table {
    width: 100%;
    border-collapse: collapse;
    background: var(--sl-color-neutral-0);
  }
  .recordings-table th,
  .recordings-table td,
  .backups-table th,
  .backups-table td {
    padding: var(--sl-spacing-x-small);
    border-bottom: 1px solid var(--sl-color-neutral-200);
    text-align: start;
    vertical-align: middle;
  }
  .recordings-table th .sort {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
    border: 0;
    background: none;
    font: inherit;
    font-weight: var(--sl-font-weight-semibold);
    cursor: pointer;
    padding: 0;
    color: inherit;
  }
  .recordings-table th .sort:focus-visible,
  .recordings-table input:focus-visible,
  /* The fields ring themselves (.input's focus style). */
  .recordings-filters :focus-visible:not(.input),
  .backup-request :focus-visible:not(.input) {
    outline: 2px solid var(--sl-color-primary-600);
    outline-offset: 2px;
  }
  .select-column {
    width: 2rem;
  }
  .row-actions {
    white-space: nowrap;
    font-size: 1.15rem;
  }
  .table-spinner {
    position: absolute;
    inset-inline-end: var(--sl-spacing-small);
    top: var(--sl-spacing-small);
  }
  .status-tag {
    display: inline-block;
    padding: 0 var(--sl-spacing-x-small);
    border-radius: var(--sl-border-radius-pill);
    border: 1px solid currentColor;
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-semibold);
    white-space: nowrap;
  }
  .status-recording {
    color: var(--sl-color-danger-700);
    background: var(--sl-color-danger-50);
  }
  .status-processing {
    color: var(--sl-color-warning-800);
    background: var(--sl-color-warning-50);
  }
  .status-failed {
    color: var(--sl-color-neutral-0);
    background: var(--sl-color-neutral-700);
    border-color: var(--sl-color-neutral-700);
  }
  .status-pending {
    color: var(--sl-color-primary-700);
    background: var(--sl-color-primary-50);
  }
  .status-approved {
    color: var(--sl-color-success-700);
    background: var(--sl-color-success-50);
  }
  .status-rejected {
    color: #6e2c91;
    background: #f6eefb;
  }
  .recording-local {
    display: block;
    font-size: var(--sl-font-size-x-small);
    color: var(--sl-color-neutral-600);
  }
  .empty-state,
  .forbidden {
    padding: var(--sl-spacing-large);
    text-align: center;
    background: var(--sl-color-neutral-0);
    border-radius: var(--sl-border-radius-medium);
    color: var(--sl-color-neutral-700);
  }
  .player-video {
    display: block;
    width: 100%;
    max-height: 70vh;
    background: #000;
    border-radius: var(--sl-border-radius-medium);
  }
  .player-details {
    margin: 0 0 var(--sl-spacing-small);
  }
  .player-problem {
    color: var(--sl-color-danger-700);
  }
  .deletion-progress {
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .deletion-stopped p {
    margin: 0 0 var(--sl-spacing-x-small);
  }
  .link-button {
    border: 0;
    background: none;
    color: var(--sl-color-primary-700);
    text-decoration: underline;
    font: inherit;
    cursor: pointer;
  }
`
