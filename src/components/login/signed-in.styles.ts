import { css } from 'lit'

/** The signed-in line of `<agent-login>`: inset like the call panel's idle state beside it in a side bar. */
export const signedInStyles = css`
  .signed-in {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    margin: 0;
    padding: var(--sl-spacing-medium);
    color: var(--sl-color-neutral-700);
  }
`
