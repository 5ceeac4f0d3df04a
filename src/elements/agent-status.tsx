import { ElementRoot } from '../components/root/ElementRoot'
import { Placeholder } from '../components/placeholders/Placeholder'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import './events/event-map'

function AgentStatusView({ container }: ElementProps) {
  return (
    <ElementRoot container={container ?? null}>
      <Placeholder titleId="placeholder.status" />
    </ElementRoot>
  )
}

/**
 * The agent's availability: status dropdown, connection state and time connected.
 *
 * @tag agent-status
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @csspart root - The element's inner root.
 */
export class AgentStatusElement extends createAgentElement({
  component: AgentStatusView,
  events: [localeChange],
}) {}

export { configure } from '../stores/config'

defineElement('agent-status', AgentStatusElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-status': AgentStatusElement
  }
}
