import { css } from 'lit'

/** The call panel's frame and its idle state (the call area brings its own sheet). */
export const panelStyles = css`
  .call-panel {
    display: block;
    min-height: 4rem;
  }
  .call-idle {
    padding: var(--sl-spacing-medium);
    color: var(--sl-color-neutral-700);
  }
  .call-idle-title {
    margin: 0 0 var(--sl-spacing-x-small);
    font-weight: var(--sl-font-weight-semibold);
  }
  .network-quality {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    margin: 0;
    font-size: var(--sl-font-size-small);
  }
  .network-poor,
  .network-offline {
    color: var(--sl-color-danger-700);
  }
  .network-rtt {
    color: var(--sl-color-neutral-500);
  }
`
