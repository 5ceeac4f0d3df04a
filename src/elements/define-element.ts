import r2wc from '@r2wc/react-to-web-component'
import type { ComponentType } from 'react'
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js'
import { baseStyles } from '../components/root/base.styles'
import { themeStyles } from '../components/root/theme.styles'
import { ownRemSheet } from '../components/root/own-rem'
import '../components/icons/register-icons'
import { configureFromAttributes, setLanguageOverride } from '../stores/app/config'
import { installChunkImport } from '../services/chunk-import'
import type { AgentElementClass, ElementEventSource, SessionAttributes } from './element-types'

export type { AgentElementClass, ElementEventSource, SessionAttributes } from './element-types'

/** Props r2wc hands to an element's component. */
export type ElementProps<P = object> = P & SessionAttributes & { container?: ShadowRoot }

type R2wcType = 'string' | 'number' | 'boolean' | 'json'

interface AgentElementOptions<P> {
  /** The element's React tree; it receives the shadow root as `container`. */
  component: ComponentType<ElementProps<P>>
  /** Extra attributes beyond the session ones, camelCase name to type. */
  props?: Record<string, R2wcType>
  /** Store subscriptions that dispatch the element's `agent-*` events while it is connected. */
  events?: ElementEventSource[]
}

const sessionProps = { apiUrl: 'string', socketUrl: 'string', lang: 'string', routing: 'string' } as const

/**
 * Builds an agent element class: an r2wc element rendering into an open shadow root, styled by the
 * Shoelace theme and our baseline, configuring the page's session when it is the first connected.
 */
export function createAgentElement<P>({
  component,
  props = {},
  events = [],
}: AgentElementOptions<P>): AgentElementClass<P> {
  const Base = r2wc(component as ComponentType<object>, {
    shadow: 'open',
    props: { ...sessionProps, ...props },
  }) as unknown as { new (): HTMLElement & { container: ShadowRoot } }

  // Declared by its public shape only (element-types.ts): no React, no private state in the published types.
  return class AgentElement extends Base {
    #stops: (() => void)[] = []
    #connected = false

    connectedCallback(): void {
      this.#connected = true
      configureFromAttributes({
        apiUrl: this.getAttribute('api-url'),
        socketUrl: this.getAttribute('socket-url'),
        lang: this.getAttribute('lang'),
        routing: this.getAttribute('routing') as never,
      })
      // Theme and baseline first, whatever a view adopted already (an element whose views rendered
      // before it was connected, e.g. from cached chunks, has sheets of its own and still needs them).
      const adopted = this.container.adoptedStyleSheets
      // Sized in the console's own rem (own-rem.ts): the host page's root font size does not reach inside.
      const missing = [lightTheme, themeStyles, baseStyles]
        .map(ownRemSheet)
        .filter((s): s is CSSStyleSheet => !!s && !adopted.includes(s))
      if (missing.length) this.container.adoptedStyleSheets = [...missing, ...adopted]
      const emit = (name: string, detail: unknown) =>
        this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }))
      this.#stops = events.map((source) => source(emit))
      ;(Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this)
    }

    disconnectedCallback(): void {
      this.#connected = false
      this.#stops.forEach((stop) => stop())
      this.#stops = []
      ;(Base.prototype as unknown as { disconnectedCallback(): void }).disconnectedCallback.call(this)
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      // One session per page: a language set on any element is the page's language.
      if (name === 'lang' && value && this.#connected) setLanguageOverride(value)
      ;(
        Base.prototype as unknown as {
          attributeChangedCallback(n: string, p: string | null, v: string | null): void
        }
      ).attributeChangedCallback.call(this, name, previous, value)
    }
  } as unknown as AgentElementClass<P>
}

/** Registers a tag once, so two bundles of the console on one page do not collide. */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  // Before any area of the element loads a chunk: one that failed can then be asked for again.
  installChunkImport()
  if (!customElements.get(tag)) customElements.define(tag, constructor)
}
