import { ElementRoot } from '../components/root/ElementRoot'
import { Placeholder } from '../components/placeholders/Placeholder'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import './events/event-map'

function AgentConsoleView({ container }: ElementProps) {
  return (
    <ElementRoot container={container ?? null}>
      <Placeholder titleId="placeholder.console" />
    </ElementRoot>
  )
}

/**
 * The whole console: login, status, calls, calendar and the shell's pages, for a page of its own.
 *
 * @tag agent-console
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @csspart root - The element's inner root.
 */
export class AgentConsoleElement extends createAgentElement({
  component: AgentConsoleView,
  events: [localeChange],
}) {}

export { configure } from '../stores/config'

defineElement('agent-console', AgentConsoleElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-console': AgentConsoleElement
  }
}
