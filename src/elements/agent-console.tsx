import { ElementRoot } from '../components/root/ElementRoot'
import { ConsoleApp } from '../components/shell/ConsoleApp'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import {
  connectionChange,
  httpError,
  sessionChange,
  statusChange,
  protocolError,
} from './events/session-events'
import { usePoliciesUrl } from './policies'
import './events/event-map'

function AgentConsoleView({ container, policiesUrl }: ElementProps<{ policiesUrl?: string }>) {
  const policies = usePoliciesUrl(policiesUrl)
  return (
    <ElementRoot container={container ?? null}>
      <ConsoleApp policiesUrl={policies} />
    </ElementRoot>
  )
}

/**
 * The whole console: login, status, calls, calendar and the shell's pages, for a page of its own.
 * Routes follow SPEC §2 (`routing="history"` to own the address bar).
 *
 * @tag agent-console
 * @attr policies-url - Address of the terms and privacy policies the login's checkbox links to (default: `configure({ policiesUrl })`, else `/demo/policies.html` on the console's server).
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @fires agent-session-change - An agent signed in or the session ended; `detail` is `{ signedIn, userId }`.
 * @fires agent-status-change - The server confirmed the agent's status; `detail` is `{ status, online, available, inCall }`.
 * @fires agent-connection-change - The realtime link changed state; `detail` is `{ state, attempt, code }`.
 * @fires agent-http-error - A token verification or renewal failed; `detail` is `{ status, message }`.
 * @fires agent-protocol-error - The server sent a message that breaks the contract and the console dropped it; `detail` is `{ event, kind, field, reason }`.
 * @csspart root - The element's inner root.
 * @csspart header - The console's header bar (logo, status, menus).
 * @csspart status - The agent's status: dropdown, connection state and time connected.
 * @csspart call-stage - The call's stage: the videos and the call controls.
 * @csspart side-menu - The call's side menu of views (info, chat, transfer…).
 * @csspart calendar - The appointments calendar (toolbar and day grid).
 */
export class AgentConsoleElement extends createAgentElement({
  component: AgentConsoleView,
  props: { policiesUrl: 'string' },
  events: [localeChange, sessionChange, statusChange, connectionChange, httpError, protocolError],
}) {}

export { configure } from '../stores/app/config'

defineElement('agent-console', AgentConsoleElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-console': AgentConsoleElement
  }
}
