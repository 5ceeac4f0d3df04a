import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { Segment } from '../../protocol'
import type { PagedList } from '../../stores/directory/paged-list'
import { TablePager, pageCount } from '../common/TablePager'
import { RowSelectButton } from './RowSelectButton'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'
import '@shoelace-style/shoelace/dist/components/tag/tag.js'

interface SegmentsTableProps {
  list: PagedList<Segment>
  selected: string | null
  onSelect: (segment: Segment) => void
  locked: boolean
  /** The call's own segment: tagged so, and not selectable (the server refuses a transfer to it). */
  current: string | null
}

/** Departments (segments) as a paged table: name and a select button. */
export function SegmentsTable({ list, selected, onSelect, locked, current }: SegmentsTableProps) {
  const state = useStore(list.$state)
  return (
    <div className="server-table" aria-busy={state.loading}>
      <table>
        <thead>
          <tr>
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
          {state.rows.map((segment) => {
            const chosen = selected === segment.id
            const own = segment.id === current
            return (
              <tr key={segment.id} className={chosen ? 'chosen' : ''} data-segment-id={segment.id}>
                <td>
                  {segment.name}
                  {own && (
                    <sl-tag size="small" variant="neutral" className="current-segment">
                      <FormattedMessage id="call.table.currentSegment" />
                    </sl-tag>
                  )}
                </td>
                <td>
                  <RowSelectButton
                    name={segment.name}
                    chosen={chosen}
                    disabled={locked || own}
                    onSelect={() => onSelect(segment)}
                  />
                </td>
              </tr>
            )
          })}
          {state.rows.length === 0 && !state.loading && (
            <tr>
              <td colSpan={2} className="call-muted">
                <FormattedMessage id={state.failed ? 'call.table.failed' : 'call.table.emptySegments'} />
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
