import { css } from 'lit'

/**
 * The console's theme API: CSS custom properties a host page sets on the elements or on `:root`, mapped
 * onto Shoelace's tokens (which the Shoelace theme declares on each element's `:host`, so Shoelace's own
 * variables only take effect when set on the elements themselves). Unset, every token keeps Shoelace's
 * light value (primary one step darker, for contrast). Adopted after the Shoelace theme; its `rem` are the console's own (`own-rem.ts`).
 */
export const themeStyles = css`
  :host {
    --agent-rem: var(--agent-size, 16px);
    --sl-font-sans: var(
      --agent-font-family,
      -apple-system,
      BlinkMacSystemFont,
      'Segoe UI',
      Roboto,
      Helvetica,
      Arial,
      sans-serif,
      'Apple Color Emoji',
      'Segoe UI Emoji',
      'Segoe UI Symbol'
    );
    /* One step darker than Shoelace's sky by default: white on it reads at WCAG AA (palette.styles.ts). */
    --sl-color-primary-500: var(--agent-color-primary-hover, var(--sl-color-sky-600));
    --sl-color-primary-600: var(--agent-color-primary, var(--sl-color-sky-700));
    --sl-color-primary-700: var(--agent-color-primary-active, var(--sl-color-sky-800));
    --sl-border-radius-small: calc(0.75 * var(--agent-radius, 0.25rem));
    --sl-border-radius-medium: var(--agent-radius, 0.25rem);
    --sl-border-radius-large: calc(2 * var(--agent-radius, 0.25rem));
    --sl-border-radius-x-large: calc(4 * var(--agent-radius, 0.25rem));
    --sl-spacing-3x-small: calc(0.125rem * var(--agent-density, 1));
    --sl-spacing-2x-small: calc(0.25rem * var(--agent-density, 1));
    --sl-spacing-x-small: calc(0.5rem * var(--agent-density, 1));
    --sl-spacing-small: calc(0.75rem * var(--agent-density, 1));
    --sl-spacing-medium: calc(1rem * var(--agent-density, 1));
    --sl-spacing-large: calc(1.25rem * var(--agent-density, 1));
    --sl-spacing-x-large: calc(1.75rem * var(--agent-density, 1));
    --sl-spacing-2x-large: calc(2.25rem * var(--agent-density, 1));
    --sl-spacing-3x-large: calc(3rem * var(--agent-density, 1));
    --sl-spacing-4x-large: calc(4.5rem * var(--agent-density, 1));
    --sl-input-height-small: calc(1.875rem * var(--agent-density, 1));
    --sl-input-height-medium: calc(2.5rem * var(--agent-density, 1));
    --sl-input-height-large: calc(3.125rem * var(--agent-density, 1));
  }
  /* Shoelace's own defaults in rem, declared inside its shadow roots where the console's rem cannot reach:
     restated here (outer rules win over :host ones) so a host's root font size does not resize them.
     :where() keeps them the weakest rule, under any view's own --width or --size. */
  :where(sl-dialog) {
    --width: 31rem;
  }
  :where(sl-drawer) {
    --size: 25rem;
  }
  :where(sl-tooltip) {
    --max-width: 20rem;
  }
  :where(sl-avatar) {
    --size: 3rem;
  }
`
