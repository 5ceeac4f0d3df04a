import { css } from 'lit'

/** The modal that says an overlay's chunk could not be loaded (ChunkFailureDialog). */
export const chunkFailureDialogStyles = css`
  .chunk-failure-dialog {
    width: min(30rem, 92vw);
    border: 0;
    border-radius: var(--sl-border-radius-large);
    box-shadow: var(--sl-shadow-x-large);
    padding: var(--sl-spacing-x-large);
    font-family: var(--sl-font-sans);
    color: var(--sl-color-neutral-700);
  }
  .chunk-failure-dialog::backdrop {
    background: var(--sl-overlay-background-color);
  }
  .chunk-failure-dialog h2 {
    margin: 0 0 var(--sl-spacing-small);
    font-size: var(--sl-font-size-large);
    color: var(--sl-color-neutral-900);
  }
  .chunk-failure-dialog .dialog-actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: var(--sl-spacing-x-small);
    margin-top: var(--sl-spacing-large);
  }
`
