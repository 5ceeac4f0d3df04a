import { waitUntil } from './waits'
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js'
import { ElementRoot } from '../../src/components/root/ElementRoot'
import { baseStyles } from '../../src/components/root/base.styles'
import { themeStyles } from '../../src/components/root/theme.styles'
import '../../src/components/icons/register-icons'

/** A view rendered as an element renders it: in a shadow root, with translations and the theme. */
export interface RenderedArea {
  host: HTMLElement
  shadow: ShadowRoot
  /** Text the user sees (whitespace collapsed). */
  text(): string
  unmount(): void
}

/**
 * Renders a view inside a fresh shadow root wrapped in `ElementRoot`, the way every agent element
 * does, and waits until the translations are in.
 *
 * @example
 * const area = await renderArea(<CalendarArea />)
 */
export async function renderArea(node: ReactNode, size = { width: 900, height: 800 }): Promise<RenderedArea> {
  const host = document.createElement('div')
  host.style.width = `${size.width}px`
  host.style.height = `${size.height}px`
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  // The sheets every agent element adopts first (define-element.ts): Shoelace's theme, the console's, its baseline.
  shadow.adoptedStyleSheets = [lightTheme.styleSheet, themeStyles.styleSheet, baseStyles.styleSheet].filter(
    (s): s is CSSStyleSheet => !!s,
  )
  const root: Root = createRoot(shadow)
  root.render(<ElementRoot container={shadow}>{node}</ElementRoot>)
  await waitUntil(() => shadow.querySelector('.agent-root'), 'the view did not render', { timeout: 5_000 })
  return {
    host,
    shadow,
    text: () => (shadow.textContent ?? '').replace(/\s+/g, ' ').trim(),
    unmount: () => {
      flushSync(() => root.unmount())
      host.remove()
    },
  }
}
