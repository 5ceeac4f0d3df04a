import { css } from 'lit'

/** The custom-apps view: header with the Actions menu, devices, scan panels and the log. */
export const appsStyles = css`
  .apps-view {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .apps-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--sl-spacing-x-small);
  }
  .apps-title {
    display: grid;
    gap: var(--sl-spacing-3x-small);
  }
  .apps-title h3 {
    margin: 0;
  }
  .app-process {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-700);
  }
  .app-process[data-state='running'] {
    color: var(--sl-color-success-700);
  }
  .app-waiting {
    margin: 0;
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-700);
  }
  .app-waiting:empty {
    display: none;
  }
  .app-panel h4 {
    margin: 0 0 var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: var(--sl-color-neutral-700);
  }
  .app-devices {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .app-device {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: var(--sl-spacing-x-small);
  }
  .app-device sl-icon {
    font-size: 1.1rem;
    color: var(--sl-color-neutral-500);
  }
  .app-device[data-state='active'] sl-icon {
    color: var(--sl-color-success-700);
  }
  .app-device-state {
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-semibold);
    padding: 0 var(--sl-spacing-x-small);
    border-radius: var(--sl-border-radius-pill);
    background: var(--sl-color-neutral-100);
    color: var(--sl-color-neutral-700);
  }
  .app-device[data-state='active'] .app-device-state {
    background: var(--sl-color-success-100);
    color: var(--sl-color-success-800);
  }
  .scan-heading {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--sl-spacing-x-small);
  }
  .scan-heading h4 {
    margin: 0;
  }
  .scan-results {
    display: grid;
    gap: var(--sl-spacing-x-small);
    margin-block-start: var(--sl-spacing-x-small);
  }
  .scan-results p {
    margin: 0;
  }
  /* SPEC §4: 0 red, 1 gray, 2 blue, 3 green; white text on the 700 shades reads at 4.5:1 or better. */
  .stage-badge {
    display: inline-block;
    padding: 0 var(--sl-spacing-x-small);
    border-radius: var(--sl-border-radius-pill);
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-semibold);
    color: var(--sl-color-neutral-0);
  }
  .stage-badge[data-tone='none'] {
    background: transparent;
    color: var(--sl-color-neutral-700);
    border: 1px dashed var(--sl-color-neutral-400);
  }
  .stage-badge[data-tone='red'] {
    background: var(--sl-color-danger-700);
  }
  .stage-badge[data-tone='gray'] {
    background: var(--sl-color-neutral-600);
  }
  .stage-badge[data-tone='blue'] {
    background: var(--sl-color-primary-700);
  }
  .stage-badge[data-tone='green'] {
    background: var(--sl-color-success-700);
  }
  .scan-image {
    display: block;
    max-width: 100%;
    max-height: 14rem;
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
  }
  .fingerprint-image {
    max-height: 10rem;
  }
  .app-log ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .app-log {
    max-height: 16rem;
    overflow: auto;
    font-size: var(--sl-font-size-small);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
  }
  .app-log li {
    padding: var(--sl-spacing-3x-small) var(--sl-spacing-x-small);
  }
  .app-log-line {
    display: grid;
    grid-template-columns: auto auto 1fr;
    gap: var(--sl-spacing-x-small);
    border-bottom: 1px solid var(--sl-color-neutral-100);
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .app-log-line time {
    color: var(--sl-color-neutral-600);
    font-variant-numeric: tabular-nums;
  }
  .app-log-level {
    font-weight: var(--sl-font-weight-semibold);
    color: var(--sl-color-neutral-700);
  }
  .app-log-line[data-level='warn'] .app-log-level {
    color: var(--sl-color-warning-800);
  }
  .app-log-line[data-level='error'] .app-log-level {
    color: var(--sl-color-danger-700);
  }
`
