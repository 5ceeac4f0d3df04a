// The elements' public types, apart from their React implementation: the published declarations of the
// elements import only this module, so a host's type check needs no @types/react.

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

/** An agent element as a host page sees it: an HTMLElement with the session attributes and its own `P`. */
export type AgentElement<P = object> = HTMLElement & SessionAttributes & P

/** The class of an agent element with its own properties `P`. */
export interface AgentElementClass<P = object> {
  new (): AgentElement<P>
  readonly prototype: AgentElement<P>
  readonly observedAttributes?: string[]
}

/** Starts an event source of an element while it is connected; returns its stop function. */
export type ElementEventSource = (emit: (name: `agent-${string}`, detail: unknown) => void) => () => void
