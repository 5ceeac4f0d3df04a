import { useStore } from '@nanostores/react'
import { ElementRoot } from '../components/root/ElementRoot'
import { LoginScreen } from '../components/login/LoginScreen'
import { SignedInLine } from '../components/login/SignedInLine'
import { $signedIn } from '../stores/session/session'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import { httpError, sessionChange } from './events/session-events'
import { usePoliciesUrl } from './policies'
import './events/event-map'

type LoginProps = ElementProps<{ policiesUrl?: string; claim?: string }>

function LoginOrSignedIn({ policiesUrl, claim }: LoginProps) {
  const signedIn = useStore($signedIn)
  const policies = usePoliciesUrl(policiesUrl)
  // In a host page, which has its own `main`: the login is not the page's main landmark.
  if (!signedIn) return <LoginScreen claimId={claim || undefined} policiesUrl={policies} pageMain={false} />
  return <SignedInLine />
}

function AgentLoginView(props: LoginProps) {
  return (
    <ElementRoot container={props.container ?? null}>
      <LoginOrSignedIn {...props} />
    </ElementRoot>
  )
}

/**
 * The login screen: email and password, 2FA code, enterprise SSO, remember-me and terms. Once signed
 * in it shows a log-out button; the page hears `agent-session-change`.
 *
 * @tag agent-login
 * @attr policies-url - Address of the terms and privacy policies the checkbox links to (default: `configure({ policiesUrl })`, else `/demo/policies.html` on the console's server).
 * @attr claim - A one-time claim id: the session it names is claimed on load (what `/login/claim/{id}` does in the console).
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @fires agent-session-change - An agent signed in or the session ended; `detail` is `{ signedIn, userId }`.
 * @fires agent-http-error - A token verification or renewal failed; `detail` is `{ status, message }`.
 * @csspart root - The element's inner root.
 */
export class AgentLoginElement extends createAgentElement({
  component: AgentLoginView,
  props: { policiesUrl: 'string', claim: 'string' },
  events: [localeChange, sessionChange, httpError],
}) {}

export { configure } from '../stores/app/config'

defineElement('agent-login', AgentLoginElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-login': AgentLoginElement
  }
}
