import { css } from 'lit'

/** The files view and the capture gallery. */
export const filesStyles = css`
  .files-view,
  .capture-view {
    display: grid;
    gap: var(--sl-spacing-small);
    align-content: start;
  }
  .beamport-connect {
    display: grid;
    gap: var(--sl-spacing-x-small);
    justify-items: start;
  }
  .beamport-connect p,
  .beamport-state {
    margin: 0;
    color: var(--sl-color-neutral-700);
  }
  .beamport-state {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
  }
  .file-drop {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-small);
    border: 2px dashed var(--sl-color-neutral-300);
    border-radius: var(--sl-border-radius-medium);
  }
  .file-drop.dragging {
    border-color: var(--sl-color-primary-600);
    background: var(--sl-color-primary-50);
  }
  .file-drop p {
    margin: 0;
    color: var(--sl-color-neutral-700);
  }
  .file-list,
  .capture-gallery {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .capture-gallery {
    grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  }
  .file-item {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: var(--sl-spacing-x-small);
    align-items: start;
    padding: var(--sl-spacing-x-small);
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
  }
  .file-item[data-state='deleted'] {
    opacity: 0.6;
  }
  .file-direction {
    font-size: 1.3rem;
    color: var(--sl-color-primary-600);
  }
  .file-main p {
    margin: 0;
  }
  .file-name {
    font-weight: var(--sl-font-weight-semibold);
    overflow-wrap: anywhere;
  }
  .file-meta {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-600);
    overflow-wrap: anywhere;
  }
  .file-footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--sl-spacing-x-small);
  }
  .file-status {
    display: flex;
    gap: var(--sl-spacing-x-small);
  }
  .file-error {
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
  .file-actions {
    display: flex;
    flex-wrap: wrap;
    font-size: 1.15rem;
    margin-inline-start: auto;
  }
  .transfer-progress {
    margin-block-start: var(--sl-spacing-2x-small);
  }
  .transfer-progress {
    --progress-height: 6px;
  }
  .transfer-figures {
    display: flex;
    flex-wrap: wrap;
    gap: var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-x-small);
    color: var(--sl-color-neutral-600);
    font-variant-numeric: tabular-nums;
  }
  .transfer-interrupted {
    color: var(--sl-color-warning-700);
  }
  .capture-controls {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
  }
  .capture-shot {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    height: var(--sl-input-height-medium);
    padding: 0 var(--sl-spacing-medium);
    border: 1px solid var(--sl-color-primary-600);
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
    font: inherit;
    font-size: var(--sl-font-size-medium);
    font-weight: var(--sl-font-weight-semibold);
    cursor: pointer;
  }
  .capture-shot:hover:not([aria-disabled='true']) {
    background: var(--sl-color-primary-500);
  }
  .capture-shot[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .capture-shot:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .capture-shot sl-spinner {
    --track-width: 2px;
    --indicator-color: var(--sl-color-neutral-0);
    --track-color: rgb(255 255 255 / 35%);
    font-size: var(--sl-font-size-medium);
  }
  .capture-card {
    grid-template-columns: 1fr;
    justify-items: start;
  }
  .capture-thumb {
    padding: 0;
    border: none;
    background: var(--sl-color-neutral-100);
    border-radius: var(--sl-border-radius-small);
    cursor: zoom-in;
    width: 100%;
    aspect-ratio: 16 / 10;
  }
  .capture-thumb:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: 2px;
  }
  .capture-thumb img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  .capture-time {
    margin: 0;
    font-size: var(--sl-font-size-small);
  }
  .preview-image,
  .preview-video {
    display: block;
    max-width: 100%;
    max-height: 70vh;
    margin: 0 auto;
  }
  .preview-pdf {
    width: 100%;
    height: 70vh;
  }
  .preview-audio {
    width: 100%;
  }
  .preview-text {
    margin: 0;
    max-height: 70vh;
    overflow: auto;
    padding: var(--sl-spacing-small);
    background: var(--sl-color-neutral-50);
    color: var(--sl-color-neutral-900);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-small);
    font-family: var(--sl-font-mono);
    font-size: var(--sl-font-size-small);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .preview-text:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .preview-text-note {
    margin: 0 0 var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
  }
`
