import { useEffect } from 'react'
import { computed } from 'nanostores'
import { ElementRoot } from '../components/root/ElementRoot'
import { CallPanel } from '../components/call/CallPanel'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import { callLifecycle, inboundLifecycle } from './events/call-events'
import '../stores/call/call-session'
import { $signedIn } from '../stores/session/session'
import { $tabRole } from '../stores/app/tab-role'
import { connectRealtime } from '../stores/session/realtime-session'
import { protocolError } from './events/session-events'
import './events/event-map'

// Signed in, in the browser's active console tab: the only time a panel may connect the agent.
const $mayConnect = computed([$signedIn, $tabRole], (signedIn, role) => signedIn && role === 'active')

function AgentCallPanelView({ container }: ElementProps) {
  // Alone on a page (a CRM side bar), the panel connects the signed-in agent itself, like
  // <agent-status>; beside <agent-console>, the console's startup check decides when.
  useEffect(
    () =>
      $mayConnect.subscribe((may) => {
        if (may && !document.querySelector('agent-console')) connectRealtime()
      }),
    [],
  )
  return (
    <ElementRoot container={container ?? null}>
      <CallPanel />
    </ElementRoot>
  )
}

/**
 * The active call: video, info, agent form, chat, tags, transfer, invitation and waiting room. Between
 * calls it shows the network quality; on a page without `<agent-console>` it also shows the inbound
 * modal (one per page) and connects the signed-in agent itself. In a second tab of the same browser
 * it says the console is active in the other tab, and neither connects nor rings there.
 *
 * @tag agent-call-panel
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @fires agent-inbound - A call rings: `detail.callId`, `detail.kind` (inbound, transferred, invited), `detail.segment`, `detail.priority`.
 * @fires agent-inbound-end - The ring ended: `detail.callId`, `detail.reason` (answered, dismissed, timeout, exceeded, customer-left, answer-error, disconnected).
 * @fires agent-call-start - A call or meeting started: `detail.callId`, `detail.kind` (call, meeting), `detail.rejoined`.
 * @fires agent-call-end - The call or meeting ended: `detail.callId`, `detail.kind`, `detail.reason`.
 * @fires agent-protocol-error - The server sent a message that breaks the contract and the console dropped it; `detail` is `{ event, kind, field, reason }`.
 * @csspart root - The element's inner root.
 * @csspart call-stage - The call's stage: the videos and the call controls.
 * @csspart side-menu - The call's side menu of views (info, chat, transfer…).
 */
export class AgentCallPanelElement extends createAgentElement({
  component: AgentCallPanelView,
  events: [localeChange, inboundLifecycle, callLifecycle, protocolError],
}) {}

export { configure } from '../stores/app/config'

defineElement('agent-call-panel', AgentCallPanelElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-call-panel': AgentCallPanelElement
  }
}
