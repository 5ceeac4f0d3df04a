import { fixture } from '@open-wc/testing'
import { waitUntil } from './waits'
import type { TemplateResult } from 'lit'

/** The element's shadow root, typed for queries. */
export function shadow(element: Element): ShadowRoot {
  const root = element.shadowRoot
  if (!root) throw new Error(`${element.localName} has no shadow root`)
  return root
}

/** Text the user sees in an element's shadow root (whitespace collapsed). */
export function visibleText(element: Element): string {
  return (shadow(element).textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** Mounts a template and waits until every agent element in it has rendered its translated content. */
export async function mount<E extends Element>(template: TemplateResult): Promise<E> {
  const element = await fixture<E>(template)
  const agents = [element, ...element.querySelectorAll('*')].filter((e) => e.localName.startsWith('agent-'))
  await waitUntil(
    () => agents.every((agent) => agent.shadowRoot?.querySelector('.agent-root')),
    'element did not render',
    {
      timeout: 5_000,
    },
  )
  return element
}
