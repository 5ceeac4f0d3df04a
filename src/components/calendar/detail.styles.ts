import { css } from 'lit'

/** The appointment detail drawer. */
export const detailStyles = css`
  .appointment-drawer {
    --size: min(32rem, 100vw);
  }
  .appointment-drawer .appointment-summary {
    display: grid;
    gap: var(--sl-spacing-x-small);
    margin-block-end: var(--sl-spacing-medium);
  }
  .appointment-drawer .detail-title {
    margin: 0;
    font-size: var(--sl-font-size-large);
    font-weight: var(--sl-font-weight-semibold);
  }
  .appointment-drawer .appointment-tags {
    display: flex;
    gap: var(--sl-spacing-2x-small);
  }
  .appointment-drawer .appointment-when {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--sl-spacing-x-small);
  }
  .appointment-drawer .appointment-when.customer {
    color: var(--sl-color-neutral-700);
  }
  .appointment-drawer .when-zone,
  .appointment-drawer .muted,
  .appointment-drawer .join-reason {
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  .appointment-drawer .join {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-small);
  }
  .appointment-drawer sl-alert {
    margin-block-end: var(--sl-spacing-medium);
  }
  .appointment-drawer .cancel-reason-text {
    margin: var(--sl-spacing-2x-small) 0 0;
    white-space: pre-wrap;
  }
  .appointment-drawer .form-values-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
  }
  .appointment-drawer .form-values-header h4 {
    margin: 0;
    font-size: var(--sl-font-size-medium);
  }
  .appointment-drawer dl {
    display: grid;
    grid-template-columns: minmax(7rem, max-content) 1fr;
    gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
    margin: var(--sl-spacing-small) 0;
  }
  .appointment-drawer .form-value {
    display: contents;
  }
  .appointment-drawer dt {
    color: var(--sl-color-neutral-600);
  }
  .appointment-drawer dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .appointment-drawer dd.masked {
    letter-spacing: 0.15em;
  }
  .appointment-drawer .copyable {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
  }
  .appointment-drawer .copyable a {
    color: var(--sl-color-primary-700);
    overflow-wrap: anywhere;
  }
  .appointment-drawer .time-edits {
    display: grid;
    gap: var(--sl-spacing-small);
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
  .appointment-drawer .reschedule-slot {
    margin-block-start: var(--sl-spacing-large);
    padding-block-start: var(--sl-spacing-medium);
    border-block-start: 1px solid var(--sl-color-neutral-200);
  }
  .appointment-drawer .appointment-cancel {
    display: grid;
    gap: var(--sl-spacing-small);
    justify-items: start;
  }
  .appointment-drawer .appointment-cancel sl-textarea {
    width: 100%;
  }
  .appointment-drawer .field-error {
    margin: 0;
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
  .appointment-drawer .drawer-footer {
    display: flex;
    justify-content: flex-end;
    gap: var(--sl-spacing-small);
  }
`
