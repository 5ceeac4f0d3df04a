import { css } from 'lit'

/** The create and reschedule drawer. */
export const scheduleStyles = css`
  .schedule-drawer {
    --size: min(34rem, 100vw);
  }
  .schedule-drawer .schedule-form {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .schedule-drawer .schedule-form h3 {
    margin: 0 0 var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-medium);
    font-weight: var(--sl-font-weight-semibold);
  }
  .schedule-drawer .rescheduling {
    margin: 0;
    color: var(--sl-color-neutral-700);
  }
  .schedule-drawer .schedule-problem p {
    margin: 0 0 var(--sl-spacing-x-small);
  }
  .schedule-drawer .month-picker {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
  }
  .schedule-drawer .month-name {
    min-width: 10rem;
    text-align: center;
    font-weight: var(--sl-font-weight-semibold);
  }
  .schedule-drawer .month-name::first-letter {
    text-transform: uppercase;
  }
  .schedule-drawer .choice-grid {
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .schedule-drawer .choice-grid.days {
    grid-template-columns: repeat(auto-fill, minmax(3.25rem, 1fr));
  }
  .schedule-drawer .choice-grid.hours {
    grid-template-columns: repeat(auto-fill, minmax(5.5rem, 1fr));
  }
  .schedule-drawer .choice {
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
  .schedule-drawer .choice:hover {
    border-color: var(--sl-color-primary-500);
    background: var(--sl-color-primary-50);
  }
  .schedule-drawer .choice[aria-checked='true'] {
    border-color: var(--sl-color-primary-600);
    background: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
  }
  .schedule-drawer .choice:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .schedule-drawer .choice-label {
    font-weight: var(--sl-font-weight-semibold);
    font-variant-numeric: tabular-nums;
  }
  .schedule-drawer .choice-detail {
    font-size: var(--sl-font-size-x-small);
    opacity: 0.8;
  }
  /* Faded on the chosen colour it would fall below 4.5:1. */
  .schedule-drawer .choice[aria-checked='true'] .choice-detail {
    opacity: 1;
  }
  .schedule-drawer .muted {
    margin: 0;
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  .schedule-drawer .field-problem {
    margin: var(--sl-spacing-2x-small) 0 0;
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
  .schedule-drawer .list-problem {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-x-small);
  }
  .schedule-drawer .time-zone-select {
    position: relative;
    display: grid;
    gap: var(--sl-spacing-3x-small);
  }
  .schedule-drawer .field-label {
    font-size: var(--sl-input-label-font-size-medium);
    color: var(--sl-input-label-color);
  }
  .schedule-drawer .combobox-input {
    height: var(--sl-input-height-medium);
    padding: 0 var(--sl-input-spacing-medium);
    border: solid var(--sl-input-border-width) var(--sl-input-border-color);
    border-radius: var(--sl-input-border-radius-medium);
    background: var(--sl-input-background-color);
    color: var(--sl-input-color);
    font: inherit;
    font-size: var(--sl-input-font-size-medium);
  }
  .schedule-drawer .combobox-input:focus {
    outline: none;
    border-color: var(--sl-input-border-color-focus);
    box-shadow: 0 0 0 var(--sl-focus-ring-width) var(--sl-input-focus-ring-color);
  }
  .schedule-drawer .time-zone-select.invalid .combobox-input {
    border-color: var(--sl-color-danger-600);
  }
  .schedule-drawer sl-select[aria-invalid='true']::part(form-control-help-text) {
    color: var(--sl-color-danger-700);
  }
  .schedule-drawer sl-select[aria-invalid='true']::part(combobox) {
    border-color: var(--sl-color-danger-600);
  }
  .schedule-drawer .combobox-list {
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
  .schedule-drawer .combobox-list li {
    display: flex;
    justify-content: space-between;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    cursor: pointer;
  }
  .schedule-drawer .combobox-list li[aria-selected='true'] {
    background: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
  }
  .schedule-drawer .combobox-list li.current span {
    font-weight: var(--sl-font-weight-semibold);
  }
  .schedule-drawer .combobox-list small {
    opacity: 0.75;
  }
  .schedule-drawer .drawer-footer {
    display: flex;
    justify-content: flex-end;
    gap: var(--sl-spacing-small);
  }
`
