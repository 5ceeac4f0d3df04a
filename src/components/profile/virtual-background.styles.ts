import { css } from 'lit'

/** The virtual background page: the live preview, the choices as thumbnails, the upload. */
export const virtualBackgroundStyles = css`
  .background-preview {
    margin: 0 0 var(--sl-spacing-medium);
    max-width: 24rem;
  }
  .background-preview video {
    width: 100%;
    aspect-ratio: 16 / 9;
    background: var(--sl-color-neutral-900);
    border-radius: var(--sl-border-radius-large);
    object-fit: cover;
  }
  .background-preview figcaption {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-700);
  }
  .backgrounds {
    border: none;
    padding: 0;
    margin: 0;
  }
  .backgrounds legend {
    font-weight: var(--sl-font-weight-semibold);
    margin-bottom: var(--sl-spacing-x-small);
  }
  .background-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
    gap: var(--sl-spacing-small);
  }
  .background-option {
    display: grid;
    gap: var(--sl-spacing-2x-small);
    padding: var(--sl-spacing-x-small);
    border: 2px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    cursor: pointer;
  }
  [data-chosen='true'] > .background-option {
    border-color: var(--sl-color-primary-600);
    background: var(--sl-color-primary-50);
  }
  .background-option:focus-within {
    outline: var(--sl-focus-ring);
    outline-offset: 2px;
  }
  .background-option input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  .swatch {
    display: block;
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-neutral-100);
  }
  .swatch.blur {
    background: linear-gradient(135deg, var(--sl-color-primary-200), var(--sl-color-neutral-300));
    filter: blur(2px);
  }
  .option-label {
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-800);
  }
  .upload {
    max-width: 32rem;
  }
`
