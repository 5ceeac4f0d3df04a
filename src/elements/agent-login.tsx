import { ElementRoot } from '../components/root/ElementRoot'
import { Placeholder } from '../components/placeholders/Placeholder'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import './events/event-map'

function AgentLoginView({ container }: ElementProps) {
  return (
    <ElementRoot container={container ?? null}>
      <Placeholder titleId="placeholder.login" />
    </ElementRoot>
  )
}

/**
 * The login screen: email and password, 2FA code, enterprise SSO, remember-me and terms.
 *
 * @tag agent-login
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @csspart root - The element's inner root.
 */
export class AgentLoginElement extends createAgentElement({
  component: AgentLoginView,
  events: [localeChange],
}) {}

export { configure } from '../stores/config'

defineElement('agent-login', AgentLoginElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-login': AgentLoginElement
  }
}
