import { css } from 'lit'

/** The appointment detail drawer. */
export const detailStyles = css`
  .appointment-drawer {
    --size: min(32rem, 100vw);
  }
  .appointment-summary {
    display: grid;
    gap: var(--sl-spacing-x-small);
    margin-block-end: var(--sl-spacing-medium);
  }
  .detail-title {
    margin: 0;
    font-size: var(--sl-font-size-large);
    font-weight: var(--sl-font-weight-semibold);
  }
  .appointment-tags {
    display: flex;
    gap: var(--sl-spacing-2x-small);
  }
  .appointment-when {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--sl-spacing-x-small);
  }
  .appointment-when.customer {
    color: var(--sl-color-neutral-700);
  }
  .when-zone,
  .muted,
  .join-reason {
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  .join {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-small);
  }
  .appointment-drawer sl-alert {
    margin-block-end: var(--sl-spacing-medium);
  }
  .cancel-reason-text {
    margin: var(--sl-spacing-2x-small) 0 0;
    white-space: pre-wrap;
  }
  .form-values-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
  }
  .form-values-header h4 {
    margin: 0;
    font-size: var(--sl-font-size-medium);
  }
  dl {
    display: grid;
    grid-template-columns: minmax(7rem, max-content) 1fr;
    gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
    margin: var(--sl-spacing-small) 0;
  }
  .form-value {
    display: contents;
  }
  dt {
    color: var(--sl-color-neutral-600);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  dd.masked {
    letter-spacing: 0.15em;
  }
  .copyable {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
  }
  .copyable a {
    color: var(--sl-color-primary-700);
    overflow-wrap: anywhere;
  }
  .time-edits {
    display: grid;
    gap: var(--sl-spacing-small);
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
  .reschedule-slot {
    margin-block-start: var(--sl-spacing-large);
    padding-block-start: var(--sl-spacing-medium);
    border-block-start: 1px solid var(--sl-color-neutral-200);
  }
  .appointment-cancel {
    display: grid;
    gap: var(--sl-spacing-small);
    justify-items: start;
  }
  .appointment-cancel sl-textarea {
    width: 100%;
  }
  .field-error {
    margin: 0;
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
  .drawer-footer {
    display: flex;
    justify-content: flex-end;
    gap: var(--sl-spacing-small);
  }
`
