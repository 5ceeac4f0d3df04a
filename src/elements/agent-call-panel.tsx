import { ElementRoot } from '../components/root/ElementRoot'
import { CallPanel } from '../components/call/CallPanel'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import { callLifecycle, inboundLifecycle } from './events/call-events'
import '../stores/call-session'
import './events/event-map'

function AgentCallPanelView({ container }: ElementProps) {
  return (
    <ElementRoot container={container ?? null}>
      <CallPanel />
    </ElementRoot>
  )
}

/**
 * The active call: video, info, agent form, chat, tags, transfer, invitation and waiting room. Between
 * calls it shows the network quality; on a page without `<agent-console>` it also shows the inbound
 * modal (one per page).
 *
 * @tag agent-call-panel
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @fires agent-inbound - A call rings: `detail.callId`, `detail.kind` (inbound, transferred, invited), `detail.segment`, `detail.priority`.
 * @fires agent-inbound-end - The ring ended: `detail.callId`, `detail.reason` (answered, dismissed, timeout, exceeded, customer-left, answer-error, disconnected).
 * @fires agent-call-start - A call or meeting started: `detail.callId`, `detail.kind` (call, meeting), `detail.rejoined`.
 * @fires agent-call-end - The call or meeting ended: `detail.callId`, `detail.kind`, `detail.reason`.
 * @csspart root - The element's inner root.
 */
export class AgentCallPanelElement extends createAgentElement({
  component: AgentCallPanelView,
  events: [localeChange, inboundLifecycle, callLifecycle],
}) {}

export { configure } from '../stores/config'

defineElement('agent-call-panel', AgentCallPanelElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-call-panel': AgentCallPanelElement
  }
}
