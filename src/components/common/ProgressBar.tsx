import { css } from 'lit'
import { useShadowStyles } from '../root/useShadowStyles'

// Native: Shoelace's progress bar writes its width as an inline style attribute on first render, which
// the production CSP (no `style-src-attr 'unsafe-inline'`) refuses.
const progressStyles = css`
  .progress-bar {
    display: block;
    inline-size: 100%;
    block-size: var(--progress-height, 0.5rem);
    accent-color: var(--sl-color-primary-600);
  }
`

interface ProgressBarProps {
  /** How far, from 0 to 100. */
  value: number
  /** What is progressing, for screen readers. */
  label?: string
}

/** A determinate progress bar in the design tokens. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  useShadowStyles(progressStyles)
  return (
    <progress
      className="progress-bar"
      max={100}
      value={Math.max(0, Math.min(100, Math.round(value)))}
      aria-label={label}
    />
  )
}
