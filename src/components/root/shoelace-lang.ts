import { useLayoutEffect } from 'react'
// Shoelace's own strings ("Close", "Clear entry"…) in the console's languages; English is built in.
import '@shoelace-style/shoelace/dist/translations/es.js'
import '@shoelace-style/shoelace/dist/translations/fr.js'

/** Sets `lang` on a Shoelace element and the Shoelace elements inside `node`. */
function tag(node: Node, lang: string): void {
  if (!(node instanceof Element)) return
  if (node.localName.startsWith('sl-') && node.getAttribute('lang') !== lang) node.setAttribute('lang', lang)
  for (const inner of node.querySelectorAll('*'))
    if (inner.localName.startsWith('sl-') && inner.getAttribute('lang') !== lang)
      inner.setAttribute('lang', lang)
}

/**
 * Speaks the console's language in Shoelace's components. Shoelace reads the language from each
 * element's own `lang`, else from the host page's `<html lang>`, which is the host's, not the agent's:
 * every `sl-*` element in the shadow root gets the console's `lang`, as it is added and when the
 * language changes.
 *
 * @example
 * useShoelaceLang(container, 'es')
 */
export function useShoelaceLang(root: ShadowRoot | null, lang: string): void {
  useLayoutEffect(() => {
    if (!root) return
    for (const child of root.children) tag(child, lang)
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) tag(node, lang)
    })
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [root, lang])
}
