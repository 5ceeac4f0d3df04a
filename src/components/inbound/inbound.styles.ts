import { css } from 'lit'

/** The inbound modal: a compact card in the top layer, answer and dismiss side by side. */
export const inboundStyles = css`
  .inbound-modal {
    border: none;
    border-radius: var(--sl-border-radius-large);
    padding: var(--sl-spacing-large);
    width: min(28rem, calc(100vw - 2rem));
    box-shadow: var(--sl-shadow-x-large);
    font-family: var(--sl-font-sans);
    color: var(--sl-color-neutral-900);
    background: var(--sl-color-neutral-0);
  }
  .inbound-modal::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .inbound-header {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
    margin-block-end: var(--sl-spacing-medium);
  }
  .inbound-header sl-icon {
    font-size: 1.5rem;
    color: var(--sl-color-success-600);
  }
  .inbound-header h2 {
    margin: 0;
    font-size: var(--sl-font-size-x-large);
    font-weight: var(--sl-font-weight-semibold);
  }
  .vip-tag sl-icon {
    font-size: 0.8em;
    margin-inline-end: var(--sl-spacing-3x-small);
    color: inherit;
  }
  .inbound-details {
    margin: 0;
    display: grid;
    grid-template-columns: 1fr;
    gap: var(--sl-spacing-2x-small);
  }
  .inbound-details .line {
    display: grid;
    grid-template-columns: 10rem 1fr;
    gap: var(--sl-spacing-small);
  }
  .inbound-details dt {
    color: var(--sl-color-neutral-600);
  }
  .inbound-details dd {
    margin: 0;
    font-weight: var(--sl-font-weight-semibold);
    overflow-wrap: anywhere;
  }
  .network-quality {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    margin: var(--sl-spacing-medium) 0 0;
    color: var(--sl-color-neutral-700);
    font-size: var(--sl-font-size-small);
  }
  .network-poor,
  .network-offline {
    color: var(--sl-color-danger-700);
  }
  .network-rtt {
    color: var(--sl-color-neutral-500);
  }
  .inbound-actions {
    display: flex;
    gap: var(--sl-spacing-small);
    margin-block-start: var(--sl-spacing-large);
  }
  .inbound-actions .button {
    flex: 1;
  }
`
