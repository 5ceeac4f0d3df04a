import { ElementRoot } from '../components/root/ElementRoot'
import { CalendarElementBody } from '../components/calendar/CalendarElementBody'
import { createAgentElement, defineElement, type ElementProps } from './define-element'
import { localeChange } from './events/locale-change'
import { calendarActivity } from './events/calendar-events'
import { protocolError } from './events/session-events'
import './events/event-map'

interface AgentCalendarProps {
  /** IANA zone the day grid shows (attribute `time-zone`); the browser's by default. */
  timeZone?: string
}

function AgentCalendarView({ container, timeZone }: ElementProps<AgentCalendarProps>) {
  return (
    <ElementRoot container={container ?? null}>
      <CalendarElementBody timeZone={timeZone} />
    </ElementRoot>
  )
}

/**
 * The appointments calendar on its own: a day of the agent's meetings to book, reschedule, cancel and
 * join, with the detail and schedule drawers. It connects the page's session when an agent is signed in.
 *
 * @tag agent-calendar
 * @fires agent-locale-change - The session's language changed; `detail.locale` is en, es or fr.
 * @fires agent-appointment-open - An appointment opened in the detail drawer: `detail.appointmentId`.
 * @fires agent-appointment-book - An appointment was booked through the drawer: `detail.appointmentId`.
 * @fires agent-appointment-reschedule - An appointment moved to a new one: `detail.appointmentId` (new), `detail.previousId`.
 * @fires agent-appointment-cancel - An appointment was canceled: `detail.appointmentId`.
 * @fires agent-appointment-change - An appointment's start and end were changed: `detail.appointmentId`.
 * @fires agent-meeting-join - The agent joined an appointment's meeting: `detail.appointmentId`.
 * @fires agent-protocol-error - The server sent a message that breaks the contract and the console dropped it; `detail` is `{ event, kind, field, reason }`.
 * @csspart root - The element's inner root.
 * @csspart calendar - The appointments calendar (toolbar and day grid).
 */
export class AgentCalendarElement extends createAgentElement<AgentCalendarProps>({
  component: AgentCalendarView,
  props: {
    /** IANA time zone of the day grid (attribute `time-zone`); the browser's by default. */
    timeZone: 'string',
  },
  events: [localeChange, calendarActivity, protocolError],
}) {}

export { configure } from '../stores/app/config'

defineElement('agent-calendar', AgentCalendarElement)

declare global {
  interface HTMLElementTagNameMap {
    'agent-calendar': AgentCalendarElement
  }
}
