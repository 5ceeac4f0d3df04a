import { useLayoutEffect } from 'react'
import type { CSSResult } from 'lit'
import { useShadowRoot } from './shadow-root-context'
import { ownRemSheet } from './own-rem'

/** Adds stylesheets to a shadow root unless it already has them. */
function adopt(root: ShadowRoot, sheets: CSSResult[]): void {
  const missing = sheets
    .map((sheet) => ownRemSheet(sheet))
    .filter((sheet): sheet is CSSStyleSheet => !!sheet && !root.adoptedStyleSheets.includes(sheet))
  if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing]
}

/**
 * Adopts stylesheets into the element's shadow root before paint, once per root, so lazy areas bring
 * their own CSS and the host page's CSS never reaches them. Sheets stay adopted: other views of the
 * same element may share them.
 *
 * @example
 * useShadowStyles(callPanelStyles)
 */
export function useShadowStyles(...sheets: CSSResult[]): void {
  const root = useShadowRoot()
  useLayoutEffect(() => {
    if (root) adopt(root, sheets)
  })
}
