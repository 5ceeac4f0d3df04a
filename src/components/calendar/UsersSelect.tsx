import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $calendarUser, selectCalendarUser } from '../../stores/calendar/calendar'
import { $calendarAgents } from '../../stores/calendar/calendar-users'
import { $userId } from '../../stores/session/session'

const MINE = 'mine'

/**
 * Whose calendar to show: the agent's own, or another agent's of the account. A native select dressed
 * in the design tokens (controls.styles): the calendar is on the way to "available", where Shoelace's
 * select and its popup would cost some 17 KB gzipped.
 */
export function UsersSelect() {
  const intl = useIntl()
  const selected = useStore($calendarUser)
  const me = useStore($userId)
  const { agents } = useStore($calendarAgents)
  const others = agents.filter((agent) => agent.id !== me)
  return (
    <div className="field small calendar-users">
      <label htmlFor="calendar-users">{intl.formatMessage({ id: 'calendar.users.label' })}</label>
      <select
        id="calendar-users"
        className="input small"
        value={selected ?? MINE}
        onChange={(event) => selectCalendarUser(event.target.value === MINE ? null : event.target.value)}
      >
        <option value={MINE}>{intl.formatMessage({ id: 'calendar.users.mine' })}</option>
        {others.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {`${agent.firstname} ${agent.lastname}`.trim()}
          </option>
        ))}
      </select>
    </div>
  )
}
