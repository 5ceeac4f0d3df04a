import { css } from 'lit'

/**
 * Shoelace's light palette moved one step darker where the console writes text on it or white on it:
 * sky-600 and green-600 read at 4.1:1 and 3.3:1 against white, below WCAG AA's 4.5:1; one step darker
 * reads at 5.9:1 and 5.0:1. Set on the host, so Shoelace's own parts (tabs, primary buttons, focus
 * ring) follow, and a host page may still override any of them on the element. Primary 500–700 are
 * the theme API's defaults instead (theme.styles.ts), so `--agent-color-primary` still wins.
 */
export const paletteStyles = css`
  :host {
    --sl-color-primary-800: var(--sl-color-sky-900);
    --sl-color-primary-900: var(--sl-color-sky-950);
    --sl-color-success-500: var(--sl-color-green-600);
    --sl-color-success-600: var(--sl-color-green-700);
    --sl-color-success-700: var(--sl-color-green-800);
    --sl-color-success-800: var(--sl-color-green-900);
    --sl-color-success-900: var(--sl-color-green-950);
  }
`
