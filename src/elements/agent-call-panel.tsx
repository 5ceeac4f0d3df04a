import { ElementRoot } from '../components/root/ElementRoot'
import { Placeholder } from '../components/placeholders/Placeholder'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import './events/event-map'

function AgentCallPanelView({ container }: ElementProps) {
  return (
    <ElementRoot container={container ?? null}>
      <Placeholder titleId="placeholder.callPanel" />
    </ElementRoot>
  )
}

/**
 * The active call: video, info, agent form, chat, tags, transfer, invitation and waiting room.
 *
 * @tag agent-call-panel
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @csspart root - The element's inner root.
 */
export class AgentCallPanelElement extends createAgentElement({
  component: AgentCallPanelView,
  events: [localeChange],
}) {}

export { configure } from '../stores/config'

defineElement('agent-call-panel', AgentCallPanelElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-call-panel': AgentCallPanelElement
  }
}
