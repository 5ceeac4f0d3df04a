import { useEffect } from 'react'
import { ElementRoot } from '../components/root/ElementRoot'
import { StatusArea } from '../components/status/StatusArea'
import { $signedIn } from '../stores/session/session'
import { connectRealtime } from '../stores/session/realtime-session'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import { connectionChange, sessionChange, statusChange, protocolError } from './events/session-events'
import './events/event-map'

function AgentStatusView({ container }: ElementProps) {
  // Alone on a page (a CRM), the status element connects the signed-in agent itself; beside
  // <agent-console>, the console's startup check decides when.
  useEffect(
    () =>
      $signedIn.subscribe((signedIn) => {
        if (signedIn && !document.querySelector('agent-console')) connectRealtime()
      }),
    [],
  )
  return (
    <ElementRoot container={container ?? null}>
      <StatusArea />
    </ElementRoot>
  )
}

/**
 * The agent's availability: status dropdown, connection state and time connected. Alone on a page it
 * connects the signed-in agent (tokens remembered by the console's login).
 *
 * @tag agent-status
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @fires agent-session-change - An agent signed in or the session ended; `detail` is `{ signedIn, userId }`.
 * @fires agent-status-change - The server confirmed the agent's status; `detail` is `{ status, online, available, inCall }`.
 * @fires agent-connection-change - The realtime link changed state; `detail` is `{ state, attempt, code }`.
 * @fires agent-protocol-error - The server sent a message that breaks the contract and the console dropped it; `detail` is `{ event, kind, field, reason }`.
 * @csspart root - The element's inner root.
 * @csspart status - The agent's status: dropdown, connection state and time connected.
 */
export class AgentStatusElement extends createAgentElement({
  component: AgentStatusView,
  events: [localeChange, sessionChange, statusChange, connectionChange, protocolError],
}) {}

export { configure } from '../stores/app/config'

defineElement('agent-status', AgentStatusElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-status': AgentStatusElement
  }
}
