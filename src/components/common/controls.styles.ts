import { css } from 'lit'

/**
 * Native form controls dressed in the Shoelace design tokens. The screens on the way to "available"
 * (login, startup check, status menu, the calendar sidebar's toolbar, the ringing modal, the error with
 * its retry) use them instead of Shoelace's form components and button, which would cost some 25 KB
 * gzipped of that path.
 */
export const controlStyles = css`
  .field {
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .field > label {
    font-size: var(--sl-input-label-font-size-medium);
    color: var(--sl-input-label-color);
  }
  .input {
    font: inherit;
    height: var(--sl-input-height-medium);
    padding: 0 var(--sl-input-spacing-medium);
    color: var(--sl-input-color);
    background: var(--sl-input-background-color);
    border: solid var(--sl-input-border-width) var(--sl-input-border-color);
    border-radius: var(--sl-input-border-radius-medium);
    width: 100%;
  }
  .input:hover {
    border-color: var(--sl-input-border-color-hover);
  }
  .input:focus-visible {
    outline: none;
    border-color: var(--sl-input-border-color-focus);
    box-shadow: 0 0 0 var(--sl-focus-ring-width) var(--sl-input-focus-ring-color);
  }
  .field.small > label {
    font-size: var(--sl-input-label-font-size-small);
  }
  .input.small {
    height: var(--sl-input-height-small);
    padding: 0 var(--sl-input-spacing-small);
    font-size: var(--sl-input-font-size-small);
    border-radius: var(--sl-input-border-radius-small);
  }
  .input[aria-invalid='true'] {
    border-color: var(--sl-color-danger-600);
  }
  .field-error {
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
    margin: 0;
  }
  .help {
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
    margin: 0;
  }
  .button {
    font: inherit;
    font-weight: var(--sl-font-weight-semibold);
    font-size: var(--sl-button-font-size-medium);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--sl-spacing-x-small);
    min-height: var(--sl-input-height-medium);
    padding: 0 var(--sl-spacing-large);
    border-radius: var(--sl-input-border-radius-medium);
    border: solid var(--sl-input-border-width) var(--sl-color-neutral-300);
    background: var(--sl-color-neutral-0);
    color: var(--sl-color-neutral-700);
    cursor: pointer;
  }
  .button:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--sl-color-primary-50);
    border-color: var(--sl-color-primary-300);
    color: var(--sl-color-primary-700);
  }
  .button.primary {
    background: var(--sl-color-primary-600);
    border-color: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
  }
  .button.primary:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--sl-color-primary-500);
    border-color: var(--sl-color-primary-500);
    color: var(--sl-color-neutral-0);
  }
  .button.small {
    font-size: var(--sl-button-font-size-small);
    min-height: var(--sl-input-height-small);
    padding: 0 var(--sl-spacing-medium);
    border-radius: var(--sl-input-border-radius-small);
  }
  .button.large {
    font-size: var(--sl-button-font-size-large);
    min-height: var(--sl-input-height-large);
    padding: 0 var(--sl-spacing-x-large);
    border-radius: var(--sl-input-border-radius-large);
  }
  .button.success {
    background: var(--sl-color-success-600);
    border-color: var(--sl-color-success-600);
    color: var(--sl-color-neutral-0);
  }
  .button.success:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--sl-color-success-500);
    border-color: var(--sl-color-success-500);
    color: var(--sl-color-neutral-0);
  }
  .button.danger {
    background: transparent;
    border-color: var(--sl-color-danger-600);
    color: var(--sl-color-danger-600);
  }
  .button.danger:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--sl-color-danger-600);
    border-color: var(--sl-color-danger-600);
    color: var(--sl-color-neutral-0);
  }
  .button[aria-busy='true']::after {
    content: '';
    width: 1em;
    height: 1em;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: button-busy 0.75s linear infinite;
  }
  @keyframes button-busy {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .button[aria-busy='true']::after {
      animation-duration: 2s;
    }
  }
  .icon-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    padding: var(--sl-spacing-x-small);
    border: 0;
    border-radius: var(--sl-border-radius-medium);
    background: none;
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-large);
    cursor: pointer;
  }
  .icon-button:hover:not(:disabled, [aria-disabled='true']) {
    color: var(--sl-color-primary-600);
  }
  .icon-button:disabled,
  .icon-button[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .icon-button:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .pill {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-3x-small);
    padding: 0 var(--sl-spacing-small);
    border: solid 1px var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-pill);
    background: var(--sl-color-neutral-50);
    color: var(--sl-color-neutral-800);
    font-size: var(--sl-button-font-size-small);
    line-height: calc(var(--sl-input-height-small) - 2px);
    white-space: nowrap;
  }
  .pill.warning {
    border-color: var(--sl-color-warning-200);
    background: var(--sl-color-warning-50);
    color: var(--sl-color-warning-800);
  }
  .button.text {
    border-color: transparent;
    background: transparent;
    color: var(--sl-color-primary-600);
    padding: 0 var(--sl-spacing-small);
  }
  .button:disabled,
  .button[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .button:focus-visible,
  .link-button:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .link-button {
    font: inherit;
    border: 0;
    padding: 0;
    background: none;
    color: var(--sl-color-primary-600);
    text-decoration: underline;
    cursor: pointer;
  }
  /* The generic error's buttons (retry, reload): apart, and wrapping in a narrow area. */
  .error-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--sl-spacing-x-small);
  }
  .check {
    display: flex;
    align-items: flex-start;
    gap: var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
  }
  .check input {
    width: 1.1em;
    height: 1.1em;
    margin: 0.2em 0 0;
    flex: none;
    accent-color: var(--sl-color-primary-600);
  }
  .check a {
    color: var(--sl-color-primary-600);
  }
  .notice {
    margin: 0;
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    border-radius: var(--sl-border-radius-medium);
    border-left: 4px solid var(--sl-color-primary-600);
    background: var(--sl-color-primary-50);
    font-size: var(--sl-font-size-small);
  }
  .notice > p {
    margin: 0 0 var(--sl-spacing-x-small);
  }
  .notice > p:last-child {
    margin-bottom: 0;
  }
  .notice.danger {
    border-left-color: var(--sl-color-danger-600);
    background: var(--sl-color-danger-50);
    color: var(--sl-color-danger-800);
  }
  .notice.warning {
    border-left-color: var(--sl-color-warning-600);
    background: var(--sl-color-warning-50);
    color: var(--sl-color-warning-900);
  }
`
