import type { MouseEvent, ReactNode } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { CallHistoryItem } from '../../protocol'
import type { MessageId } from '../../stores/app/i18n'
import { navigate } from '../../stores/shell/router'
import { $historyFilters, sortHistory, type HistorySortField } from '../../stores/history/history-list'
import { OutcomeTag, TalkTime, ViaNote } from './outcome'
import { registerPageIcons } from '../icons/pages-icons'

// Its icons come with the pages' chunk, not with the elements.
registerPageIcons()

/** A column header that sorts the list, with `aria-sort`. */
function SortHeader({ field, label }: { field: HistorySortField; label: MessageId }) {
  const { sort } = useStore($historyFilters)
  const active = sort.field === field
  return (
    <th scope="col" aria-sort={active ? (sort.order === 1 ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => void sortHistory(field)}>
        <FormattedMessage id={label} />
        {active && (
          <sl-icon name={sort.order === 1 ? 'chevron-up' : 'chevron-down'} aria-hidden="true"></sl-icon>
        )}
      </button>
    </th>
  )
}

/** Opens a call's detail in the console (a real link: it opens in a new tab too). */
function CallLink({ id, children }: { id: string; children: ReactNode }) {
  const go = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(`/history/${id}`)
  }
  return (
    <a className="page-link call-link" href={`/history/${id}`} onClick={go}>
      {children}
    </a>
  )
}

/** The history's rows: when, who, where, how long, how it ended, tags. */
export function HistoryTable({ rows, busy }: { rows: CallHistoryItem[]; busy: boolean }) {
  const intl = useIntl()
  // Each cell names its column for the narrow layout, where the rows are cards (history.styles.ts).
  const label = (id: MessageId) => ({ 'data-label': intl.formatMessage({ id }) })
  return (
    // Where the table is wider than its box it scrolls there, a named region the keyboard can scroll.
    <div
      className="table-scroll"
      role="region"
      aria-label={intl.formatMessage({ id: 'history.caption' })}
      tabIndex={0}
    >
      <table className="data-table history-table" aria-busy={busy}>
        <caption className="visually-hidden">{intl.formatMessage({ id: 'history.caption' })}</caption>
        <thead>
          <tr>
            <SortHeader field="startedAt" label="history.column.date" />
            <SortHeader field="customerName" label="history.column.customer" />
            <th scope="col">
              <FormattedMessage id="history.column.segment" />
            </th>
            <SortHeader field="durationMs" label="history.column.duration" />
            <th scope="col">
              <FormattedMessage id="history.column.outcome" />
            </th>
            <th scope="col">
              <FormattedMessage id="history.column.tags" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-call-id={row.id}>
              <td {...label('history.column.date')}>
                <FormattedDate value={row.startedAt} dateStyle="medium" timeStyle="short" />
              </td>
              <td {...label('history.column.customer')}>
                <CallLink id={row.id}>
                  <bdi>{row.customerName || '—'}</bdi>
                </CallLink>{' '}
                <ViaNote via={row.via} />
              </td>
              <td {...label('history.column.segment')}>
                {row.segment?.name ??
                  (row.kind === 'meeting' ? intl.formatMessage({ id: 'history.meeting' }) : '—')}
              </td>
              <td className="duration" {...label('history.column.duration')}>
                <TalkTime ms={row.durationMs} />
              </td>
              <td {...label('history.column.outcome')}>
                <OutcomeTag outcome={row.outcome} />
              </td>
              <td className="tags" {...label('history.column.tags')}>
                {row.tags.map((tag) => (
                  <span key={tag._id} className="tag">
                    {tag.label}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
