/**
 * The whole console: importing this module registers all five elements.
 *
 * @example
 * import { configure } from 'agent-console'
 * configure({ apiUrl: 'https://api.example.com/api' })
 */
export { AgentConsoleElement } from './agent-console'
export { AgentLoginElement } from './agent-login'
export { AgentStatusElement } from './agent-status'
export { AgentCallPanelElement } from './agent-call-panel'
export { AgentCalendarElement } from './agent-calendar'
export { configure, type ConsoleConfig } from '../stores/app/config'
export type { AgentEventMap } from './events/event-map'
