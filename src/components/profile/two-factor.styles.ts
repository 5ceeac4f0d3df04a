import { css } from 'lit'

/** The 2FA page: its cards, the QR code, the secret and the backup codes. */
export const twoFactorStyles = css`
  .two-factor-page .card {
    display: grid;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-medium);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    background: var(--sl-color-neutral-0);
    max-width: 36rem;
  }
  .two-factor-page .card h3 {
    margin: 0;
  }
  .qr-code {
    width: 12rem;
    height: 12rem;
  }
  .secret,
  .uri,
  .code-list code {
    font-family: var(--sl-font-mono);
    overflow-wrap: anywhere;
  }
  .secret {
    font-size: var(--sl-font-size-large);
    letter-spacing: 0.05em;
  }
  .code-list {
    display: grid;
    grid-template-columns: repeat(2, max-content);
    gap: var(--sl-spacing-2x-small) var(--sl-spacing-x-large);
    margin: 0;
  }
  .code-form {
    display: grid;
    gap: var(--sl-spacing-small);
    max-width: 20rem;
  }
  .code-input {
    font-family: var(--sl-font-mono);
    letter-spacing: 0.1em;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--sl-spacing-x-small);
  }
  .checkbox {
    display: flex;
    gap: var(--sl-spacing-x-small);
    align-items: center;
  }
  .state[data-enabled='true'] {
    color: var(--sl-color-success-700);
    font-weight: var(--sl-font-weight-semibold);
  }
  /* White on primary-600 reads at 4.1:1; 700 passes WCAG AA. */
  .two-factor-page .button.primary:not(:disabled) {
    background: var(--sl-color-primary-700);
    border-color: var(--sl-color-primary-700);
  }
  .two-factor-page .button.text {
    color: var(--sl-color-primary-700);
  }
  .button.danger {
    background: var(--sl-color-danger-700);
    border-color: var(--sl-color-danger-700);
    color: var(--sl-color-neutral-0);
  }
`
