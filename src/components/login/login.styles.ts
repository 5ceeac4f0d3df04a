import { css } from 'lit'

/** The login screen: one centred card. */
export const loginStyles = css`
  /* The screen fills the element (the host page sizes the element). */
  .agent-root {
    height: 100%;
  }
  .login {
    min-height: 100%;
    display: grid;
    place-items: center;
    padding: var(--sl-spacing-large);
    background: var(--sl-color-neutral-50);
  }
  .login-card {
    width: min(100%, 24rem);
    display: grid;
    gap: var(--sl-spacing-medium);
    padding: var(--sl-spacing-x-large);
    background: var(--sl-color-neutral-0);
    border-radius: var(--sl-border-radius-large);
    box-shadow: var(--sl-shadow-large);
  }
  /* The theme's link colour (the browser's own blue reads 2:1 on the dark card). */
  .login-card a {
    color: var(--sl-color-primary-700);
  }
  .login-card h1 {
    margin: 0;
    font-size: var(--sl-font-size-x-large);
    font-weight: var(--sl-font-weight-semibold);
    line-height: var(--sl-line-height-dense);
  }
  .login-form {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .login-actions {
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .password-row {
    display: flex;
    gap: var(--sl-spacing-2x-small);
  }
  .password-row .input {
    flex: 1;
  }
  .password-row .button {
    padding: 0 var(--sl-spacing-small);
  }
  .suggestion {
    margin: 0;
    font-size: var(--sl-font-size-small);
  }
`
