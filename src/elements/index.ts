/**
 * The whole console: importing this module registers all five elements. To configure before anything
 * is defined, import `agent-console/setup` instead and call `configure()` then `defineElements()`.
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
export * from './setup'
