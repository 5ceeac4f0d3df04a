import { css } from 'lit'

/** The status area: menu button, connection state and timer in one row. */
export const statusStyles = css`
  /* Alone in a host's bar, <agent-status> is a chip: its surface padded and rounded off the bar's colour. */
  :host(agent-status) .agent-root {
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    border-radius: var(--sl-border-radius-medium);
  }
  .status-area {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-medium);
    flex-wrap: wrap;
  }
  .status-area > p,
  p.status-area {
    margin: 0;
  }
  .status-label {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-600);
  }
  .status-menu {
    position: relative;
  }
  .status-trigger {
    min-width: 11rem;
    justify-content: flex-start;
  }
  .status-trigger .status-name {
    flex: 1;
    text-align: start;
  }
  .status-dot {
    display: inline-block;
    width: 0.7rem;
    height: 0.7rem;
    border-radius: 50%;
    flex: none;
    box-shadow: 0 0 0 1px rgb(0 0 0 / 0.15);
  }
  .status-options {
    position: absolute;
    z-index: 20;
    inset-inline-start: 0;
    top: calc(100% + var(--sl-spacing-2x-small));
    min-width: 100%;
    margin: 0;
    padding: var(--sl-spacing-2x-small) 0;
    list-style: none;
    background: var(--sl-panel-background-color);
    border: solid var(--sl-panel-border-width) var(--sl-panel-border-color);
    border-radius: var(--sl-border-radius-medium);
    box-shadow: var(--sl-shadow-large);
  }
  .status-options[hidden] {
    display: none;
  }
  .status-option {
    font: inherit;
    width: 100%;
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-x-small) var(--sl-spacing-medium);
    border: 0;
    background: none;
    color: var(--sl-color-neutral-700);
    text-align: start;
    cursor: pointer;
  }
  .status-option:hover:not(:disabled),
  .status-option:focus-visible {
    background: var(--sl-color-primary-50);
    color: var(--sl-color-primary-700);
    outline: none;
  }
  .status-option:disabled {
    cursor: default;
    font-weight: var(--sl-font-weight-semibold);
    color: var(--sl-color-neutral-500);
  }
  .time-connected {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-600);
    white-space: nowrap;
  }
  .time-value {
    font-variant-numeric: tabular-nums;
    font-weight: var(--sl-font-weight-semibold);
    color: var(--sl-color-neutral-900);
  }
  .time-connected[data-running='false'] .time-value {
    color: var(--sl-color-neutral-500);
  }
  .connection-state {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-warning-700);
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
  }
  .connection-state:empty {
    display: none;
  }
`
