import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { Agent } from '../../protocol'
import { fullName, isSelectable } from '../../stores/directory/agents-directory'
import type { PagedList } from '../../stores/directory/paged-list'
import { TablePager, pageCount } from '../common/TablePager'
import { RowSelectButton } from './RowSelectButton'
import '@shoelace-style/shoelace/dist/components/tag/tag.js'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'

interface AgentsTableProps {
  list: PagedList<Agent>
  /** The chosen agent's id. */
  selected: string | null
  onSelect: (agent: Agent) => void
  /** Selection is locked (a request is pending). */
  locked: boolean
}

function statusOf(agent: Agent): {
  variant: 'success' | 'warning' | 'neutral'
  id: 'available' | 'busy' | 'offline'
} {
  if (!agent.status.online) return { variant: 'neutral', id: 'offline' }
  if (agent.status.available) return { variant: 'success', id: 'available' }
  return { variant: 'warning', id: 'busy' }
}

/** Agents as a paged table: status, full name and a select button (online and available only). */
export function AgentsTable({ list, selected, onSelect, locked }: AgentsTableProps) {
  const state = useStore(list.$state)
  return (
    <div className="server-table" aria-busy={state.loading}>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="call.table.status" />
            </th>
            <th scope="col">
              <FormattedMessage id="call.table.name" />
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="call.table.select" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.rows.map((agent) => {
            const status = statusOf(agent)
            const name = fullName(agent)
            const chosen = selected === agent.id
            return (
              <tr key={agent.id} className={chosen ? 'chosen' : ''} data-agent-id={agent.id}>
                <td>
                  <sl-tag size="small" variant={status.variant}>
                    <FormattedMessage id="call.table.agentStatus" values={{ status: status.id }} />
                  </sl-tag>
                </td>
                <td>{name}</td>
                <td>
                  <RowSelectButton
                    name={name}
                    chosen={chosen}
                    disabled={!isSelectable(agent) || locked}
                    onSelect={() => onSelect(agent)}
                  />
                </td>
              </tr>
            )
          })}
          {state.rows.length === 0 && !state.loading && (
            <tr>
              <td colSpan={3} className="call-muted">
                <FormattedMessage id={state.failed ? 'call.table.failed' : 'call.table.emptyAgents'} />
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {state.loading && <sl-spinner className="table-spinner"></sl-spinner>}
      <TablePager
        page={state.page}
        pages={pageCount(state.total, state.limit)}
        loading={state.loading}
        onPage={(page) => void list.load(page)}
      />
    </div>
  )
}
