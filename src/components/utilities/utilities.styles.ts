import { css } from 'lit'

/** The utilities page: segments and the personal link. */
export const utilitiesStyles = css`
  .segment-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--sl-spacing-x-small);
  }
  .segment-list .tag {
    font-size: var(--sl-font-size-small);
    padding: var(--sl-spacing-3x-small) var(--sl-spacing-small);
  }
  .personal-link {
    display: grid;
    gap: var(--sl-spacing-small);
  }
  .personal-link p {
    margin: 0;
  }
  .link-row {
    display: flex;
    gap: var(--sl-spacing-x-small);
  }
  .link-url {
    flex: 1;
    font-family: var(--sl-font-mono);
    font-size: var(--sl-font-size-small);
  }
  .link-actions {
    display: flex;
    align-items: end;
    gap: var(--sl-spacing-small);
    flex-wrap: wrap;
  }
  .copy-status {
    min-height: 1.2em;
    color: var(--sl-color-success-700);
    font-size: var(--sl-font-size-small);
  }
`
