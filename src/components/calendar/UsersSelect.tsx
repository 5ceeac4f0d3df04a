import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $calendarUser, selectCalendarUser } from '../../stores/calendar/calendar'
import { $calendarAgents } from '../../stores/calendar/calendar-users'
import { $userId } from '../../stores/session/session'
import '@shoelace-style/shoelace/dist/components/select/select.js'
import '@shoelace-style/shoelace/dist/components/option/option.js'

const MINE = 'mine'

/** Whose calendar to show: the agent's own, or another agent's of the account. */
export function UsersSelect() {
  const intl = useIntl()
  const selected = useStore($calendarUser)
  const me = useStore($userId)
  const { agents } = useStore($calendarAgents)
  const others = agents.filter((agent) => agent.id !== me)
  return (
    <sl-select
      className="calendar-users"
      size="small"
      label={intl.formatMessage({ id: 'calendar.users.label' })}
      value={selected ?? MINE}
      onsl-change={(event) => {
        const value = (event.target as HTMLSelectElement).value
        selectCalendarUser(value === MINE ? null : value)
      }}
    >
      <sl-option value={MINE}>{intl.formatMessage({ id: 'calendar.users.mine' })}</sl-option>
      {others.map((agent) => (
        <sl-option key={agent.id} value={agent.id}>
          {`${agent.firstname} ${agent.lastname}`.trim()}
        </sl-option>
      ))}
    </sl-select>
  )
}
