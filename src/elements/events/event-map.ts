import type { LocaleChangeDetail } from './locale-change'

/** Every event an agent element dispatches, for typed `addEventListener` on the host page. */
export interface AgentEventMap {
  'agent-locale-change': CustomEvent<LocaleChangeDetail>
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends AgentEventMap {}
}
