import { css } from 'lit'

/**
 * How tall `<agent-console>` is when its page says nothing (docs/embedding.md "Sizing the console"): the
 * window's height, at most its parent's when the parent has a height of its own. Before, it grew with its
 * content (932 px in an 850 px window) and its bottom menu sat below the fold. A host's own rule for the
 * tag (`agent-console { height: 100% }`, `flex: 1`) wins over these, as outer rules win over `:host`.
 */
export const consoleHostStyles = css`
  :host {
    height: 100vh;
    height: 100dvh;
    max-height: 100%;
  }
`
