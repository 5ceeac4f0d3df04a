import { ElementRoot } from '../components/root/ElementRoot'
import { Placeholder } from '../components/placeholders/Placeholder'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import './events/event-map'

function AgentCalendarView({ container }: ElementProps) {
  return (
    <ElementRoot container={container ?? null}>
      <Placeholder titleId="placeholder.calendar" />
    </ElementRoot>
  )
}

/**
 * The appointments calendar: a day of meetings to book, reschedule, cancel and join.
 *
 * @tag agent-calendar
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @csspart root - The element's inner root.
 */
export class AgentCalendarElement extends createAgentElement({
  component: AgentCalendarView,
  events: [localeChange],
}) {}

export { configure } from '../stores/config'

defineElement('agent-calendar', AgentCalendarElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-calendar': AgentCalendarElement
  }
}
