import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { Recording } from '../../protocol'
import {
  RECORDINGS_PAGE_SIZE,
  showRecordingsPage,
  sortRecordings,
  type RecordingSortField,
  type RecordingsListState,
} from '../../stores/recordings/recordings-list'
import {
  $selectedRecordings,
  askToDeleteRecordings,
  selectRecordings,
  toggleRecordingSelection,
} from '../../stores/recordings/recording-deletion'
import { downloadRecording, isPlayable, showRecording } from '../../stores/recordings/recording-player'
import type { MessageId } from '../../stores/app/i18n'
import { RecordingStatusTag } from './RecordingStatusTag'
import { formatBytes, formatDuration, formatWhen } from './format'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
import { TablePager, pageCount } from '../common/TablePager'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'
import { registerRecordingIcons } from '../icons/recordings-icons'

// The sort, play and page arrows come with the page's lazy chunk, not with the first screen.
registerRecordingIcons()

const COLUMNS: { field: RecordingSortField; label: MessageId }[] = [
  { field: 'startedAt', label: 'recordings.column.date' },
  { field: 'customer', label: 'recordings.column.customer' },
  { field: 'segment', label: 'recordings.column.segment' },
  { field: 'duration', label: 'recordings.column.duration' },
  { field: 'size', label: 'recordings.column.size' },
  { field: 'status', label: 'recordings.column.status' },
]

/** The cell of one column for a recording. */
function Cell({ recording, field }: { recording: Recording; field: RecordingSortField }) {
  const intl = useIntl()
  switch (field) {
    case 'startedAt':
      return <>{formatWhen(intl, recording.startedAt)}</>
    case 'customer':
      return recording.customer ? (
        <bdi>{recording.customer}</bdi>
      ) : (
        <>{intl.formatMessage({ id: 'recordings.unknownCustomer' })}</>
      )
    case 'segment':
      return <>{recording.segment?.name ?? '—'}</>
    case 'duration':
      return <>{formatDuration(recording.duration)}</>
    case 'size':
      return <>{formatBytes(intl, recording.size)}</>
    case 'status':
      return (
        <>
          <RecordingStatusTag status={recording.status} />
          {recording.type === 'local' && (
            <span className="recording-local">{intl.formatMessage({ id: 'recordings.local' })}</span>
          )}
        </>
      )
  }
}

/** The recordings as a paged, sortable table with a checkbox per row and its actions. */
export function RecordingsTable({ state }: { state: RecordingsListState }) {
  const intl = useIntl()
  const selected = useStore($selectedRecordings)
  const pages = pageCount(state.total, RECORDINGS_PAGE_SIZE)
  const ids = state.rows.map((row) => row.id)
  const allTicked = ids.length > 0 && ids.every((id) => selected.has(id))
  return (
    <div className="recordings-table" aria-busy={state.loading}>
      <table>
        <caption className="visually-hidden">
          {intl.formatMessage({ id: 'recordings.caption' }, { total: state.total })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="select-column">
              <input
                type="checkbox"
                className="select-page"
                aria-label={intl.formatMessage({ id: 'recordings.selectPage' })}
                checked={allTicked}
                disabled={ids.length === 0}
                onChange={(event) => selectRecordings(ids, event.target.checked)}
              />
            </th>
            {COLUMNS.map(({ field, label }) => {
              const sorted = state.sort.field === field
              const name = intl.formatMessage({ id: label })
              return (
                <th
                  key={field}
                  scope="col"
                  aria-sort={sorted ? (state.sort.order === 1 ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={`sort sort-${field}`}
                    aria-label={intl.formatMessage({ id: 'recordings.sortBy' }, { column: name })}
                    onClick={() => void sortRecordings(field)}
                  >
                    {name}
                    <sl-icon
                      name={sorted ? (state.sort.order === 1 ? 'sort-up' : 'sort-down') : 'arrow-down-up'}
                      aria-hidden="true"
                    ></sl-icon>
                  </button>
                </th>
              )
            })}
            <th scope="col">{intl.formatMessage({ id: 'recordings.column.actions' })}</th>
          </tr>
        </thead>
        <tbody>
          {state.rows.map((recording) => {
            const date = formatWhen(intl, recording.startedAt)
            return (
              <tr key={recording.id} data-recording-id={recording.id} data-status={recording.status}>
                <td className="select-column">
                  <input
                    type="checkbox"
                    className="select-row"
                    aria-label={intl.formatMessage({ id: 'recordings.select' }, { date })}
                    checked={selected.has(recording.id)}
                    onChange={(event) => toggleRecordingSelection(recording.id, event.target.checked)}
                  />
                </td>
                {COLUMNS.map(({ field }) => (
                  <td key={field} className={`cell-${field}`}>
                    <Cell recording={recording} field={field} />
                  </td>
                ))}
                <td className="row-actions">
                  <sl-icon-button
                    className="play"
                    name="play-circle"
                    label={intl.formatMessage({ id: 'recordings.play' }, { date })}
                    onClick={() => showRecording(recording.id)}
                  ></sl-icon-button>
                  <sl-icon-button
                    className="download"
                    name="download"
                    label={intl.formatMessage({ id: 'recordings.download' }, { date })}
                    disabled={!isPlayable(recording)}
                    onClick={() => void downloadRecording(recording)}
                  ></sl-icon-button>
                  <sl-icon-button
                    className="delete"
                    name="trash"
                    label={intl.formatMessage({ id: 'recordings.delete' }, { date })}
                    disabled={recording.status === 'recording' || recording.status === 'processing'}
                    onClick={() => askToDeleteRecordings([recording])}
                  ></sl-icon-button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {state.loading && <sl-spinner className="table-spinner"></sl-spinner>}
      <TablePager
        page={state.page}
        pages={pages}
        loading={state.loading}
        onPage={(page) => void showRecordingsPage(page)}
      />
    </div>
  )
}
