import { css } from 'lit'

/** The create and reschedule drawer. */
export const scheduleStyles = css`
  .schedule-drawer {
    --size: min(34rem, 100vw);
  }
  .schedule-form {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .schedule-form h4 {
    margin: 0 0 var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-medium);
    font-weight: var(--sl-font-weight-semibold);
  }
  .rescheduling {
    margin: 0;
    color: var(--sl-color-neutral-700);
  }
  .schedule-problem p {
    margin: 0 0 var(--sl-spacing-x-small);
  }
  .month-picker {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
  }
  .month-name {
    min-width: 10rem;
    text-align: center;
    font-weight: var(--sl-font-weight-semibold);
    text-transform: capitalize;
  }
  .choice-grid {
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .choice-grid.days {
    grid-template-columns: repeat(auto-fill, minmax(3.25rem, 1fr));
  }
  .choice-grid.hours {
    grid-template-columns: repeat(auto-fill, minmax(5.5rem, 1fr));
  }
  .choice {
    display: grid;
    justify-items: center;
    padding: var(--sl-spacing-x-small) var(--sl-spacing-2x-small);
    border: 1px solid var(--sl-color-neutral-300);
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-neutral-0);
    color: var(--sl-color-neutral-800);
    font: inherit;
    cursor: pointer;
  }
  .choice:hover {
    border-color: var(--sl-color-primary-500);
    background: var(--sl-color-primary-50);
  }
  .choice[aria-checked='true'] {
    border-color: var(--sl-color-primary-600);
    background: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
  }
  .choice:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .choice-label {
    font-weight: var(--sl-font-weight-semibold);
    font-variant-numeric: tabular-nums;
  }
  .choice-detail {
    font-size: var(--sl-font-size-x-small);
    opacity: 0.8;
  }
  .muted {
    margin: 0;
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  .field-problem {
    margin: var(--sl-spacing-2x-small) 0 0;
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
  .time-zone-select {
    position: relative;
    display: grid;
    gap: var(--sl-spacing-3x-small);
  }
  .field-label {
    font-size: var(--sl-input-label-font-size-medium);
    color: var(--sl-input-label-color);
  }
  .combobox-input {
    height: var(--sl-input-height-medium);
    padding: 0 var(--sl-input-spacing-medium);
    border: solid var(--sl-input-border-width) var(--sl-input-border-color);
    border-radius: var(--sl-input-border-radius-medium);
    background: var(--sl-input-background-color);
    color: var(--sl-input-color);
    font: inherit;
    font-size: var(--sl-input-font-size-medium);
  }
  .combobox-input:focus {
    outline: none;
    border-color: var(--sl-input-border-color-focus);
    box-shadow: 0 0 0 var(--sl-focus-ring-width) var(--sl-input-focus-ring-color);
  }
  .time-zone-select.invalid .combobox-input {
    border-color: var(--sl-color-danger-600);
  }
  .combobox-list {
    position: absolute;
    z-index: 10;
    inset-inline: 0;
    top: 100%;
    max-height: 16rem;
    overflow-y: auto;
    margin: var(--sl-spacing-3x-small) 0 0;
    padding: var(--sl-spacing-3x-small) 0;
    list-style: none;
    background: var(--sl-panel-background-color);
    border: solid var(--sl-panel-border-width) var(--sl-panel-border-color);
    border-radius: var(--sl-border-radius-medium);
    box-shadow: var(--sl-shadow-large);
  }
  .combobox-list li {
    display: flex;
    justify-content: space-between;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    cursor: pointer;
  }
  .combobox-list li[aria-selected='true'] {
    background: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
  }
  .combobox-list li.current span {
    font-weight: var(--sl-font-weight-semibold);
  }
  .combobox-list small {
    opacity: 0.75;
  }
  .drawer-footer {
    display: flex;
    justify-content: flex-end;
    gap: var(--sl-spacing-small);
  }
`
