import r2wc from '@r2wc/react-to-web-component'
import type { ComponentType } from 'react'
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js'
import { baseStyles } from '../components/root/base.styles'
import '../components/icons/register-icons'
import { configureFromAttributes, setLanguageOverride } from '../stores/app/config'

/** Attributes every agent element accepts; the first element connected configures the page's session. */
export interface SessionAttributes {
  /** Base URL of the REST API (attribute `api-url`). */
  apiUrl?: string
  /** Origin of the realtime server (attribute `socket-url`). */
  socketUrl?: string
  /** Language override: en, es or fr (attribute `lang`). */
  lang?: string
  /** `history` to own the address bar, `memory` to keep the route inside (attribute `routing`). */
  routing?: string
}

/** Props r2wc hands to an element's component. */
export type ElementProps<P = object> = P & SessionAttributes & { container?: ShadowRoot }

type R2wcType = 'string' | 'number' | 'boolean' | 'json'

/** Starts an event source of an element while it is connected; returns its stop function. */
export type ElementEventSource = (emit: (name: `agent-${string}`, detail: unknown) => void) => () => void

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
export function createAgentElement<P>({ component, props = {}, events = [] }: AgentElementOptions<P>) {
  const Base = r2wc(component as ComponentType<object>, {
    shadow: 'open',
    props: { ...sessionProps, ...props },
  }) as unknown as { new (): HTMLElement & { container: ShadowRoot } }

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
      const missing = [lightTheme.styleSheet, baseStyles.styleSheet].filter(
        (s): s is CSSStyleSheet => !!s && !adopted.includes(s),
      )
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
  }
}

/** Registers a tag once, so two bundles of the console on one page do not collide. */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, constructor)
}
