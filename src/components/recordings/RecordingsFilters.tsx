import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { RECORDING_STATUSES, type RecordingStatus } from '../../protocol'
import { filterRecordings, type RecordingFilters } from '../../stores/recordings/recordings-list'

/** Filters of the recordings table: a status and a range of days. */
export function RecordingsFilters({ filters }: { filters: RecordingFilters }) {
  const intl = useIntl()
  const [status, setStatus] = useState<string>(filters.statuses[0] ?? '')
  const [from, setFrom] = useState(filters.from)
  const [to, setTo] = useState(filters.to)
  const badRange = from !== '' && to !== '' && from > to
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (badRange) return
    void filterRecordings({ statuses: status ? [status as RecordingStatus] : [], from, to })
  }
  const clear = () => {
    setStatus('')
    setFrom('')
    setTo('')
    void filterRecordings({ statuses: [], from: '', to: '' })
  }
  return (
    <form
      className="recordings-filters"
      aria-label={intl.formatMessage({ id: 'recordings.filters' })}
      onSubmit={submit}
    >
      <label>
        <span>{intl.formatMessage({ id: 'recordings.filter.status' })}</span>
        <select
          className="input"
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'recordings.filter.allStatuses' })}</option>
          {RECORDING_STATUSES.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage({ id: 'recordings.status' }, { status: value })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{intl.formatMessage({ id: 'recordings.filter.from' })}</span>
        <input
          className="input"
          type="date"
          name="from"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
      </label>
      <label>
        <span>{intl.formatMessage({ id: 'recordings.filter.to' })}</span>
        <input
          className="input"
          type="date"
          name="to"
          value={to}
          min={from || undefined}
          aria-invalid={badRange || undefined}
          aria-describedby={badRange ? 'recordings-range-problem' : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      <button type="submit" className="button primary" disabled={badRange}>
        {intl.formatMessage({ id: 'recordings.filter.apply' })}
      </button>
      <button type="button" className="button" onClick={clear}>
        {intl.formatMessage({ id: 'recordings.filter.clear' })}
      </button>
      {badRange && (
        <p id="recordings-range-problem" className="problem" role="alert">
          {intl.formatMessage({ id: 'recordings.filter.badRange' })}
        </p>
      )}
    </form>
  )
}
