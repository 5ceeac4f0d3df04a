import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { CALL_OUTCOMES, type CallOutcome } from '../../protocol'
import { $historyFilters, clearHistoryFilters, filterHistory } from '../../stores/history/history-list'
import { $agentSegmentList } from '../../stores/utilities/agent-segments'
import { selectKey } from '../common/select-key'

/**
 * The history's filters: a date range, a segment, an outcome (each applies at once) and a search on
 * the customer's name (applied on Search or Enter).
 */
export function HistoryFilters() {
  const intl = useIntl()
  const filters = useStore($historyFilters)
  const segments = useStore($agentSegmentList)
  const [search, setSearch] = useState(filters.search)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // What the field holds now (a submit may come before React has rendered the last keystroke).
    const field = event.currentTarget.elements.namedItem('search')
    void filterHistory({ search: field instanceof HTMLInputElement ? field.value : search })
  }
  const active = Boolean(filters.from || filters.to || filters.segment || filters.outcome || filters.search)
  return (
    <form className="history-filters" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor="history-from">
          <FormattedMessage id="history.filters.from" />
        </label>
        <input
          id="history-from"
          className="input"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => void filterHistory({ from: event.currentTarget.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="history-to">
          <FormattedMessage id="history.filters.to" />
        </label>
        <input
          id="history-to"
          className="input"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => void filterHistory({ to: event.currentTarget.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="history-segment">
          <FormattedMessage id="history.filters.segment" />
        </label>
        <select
          id="history-segment"
          className="input"
          value={filters.segment}
          onChange={(event) => void filterHistory({ segment: event.currentTarget.value })}
        >
          <option value="">{intl.formatMessage({ id: 'history.filters.allSegments' })}</option>
          {segments.map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segment.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="history-outcome">
          <FormattedMessage id="history.filters.outcome" />
        </label>
        <select
          id="history-outcome"
          className="input"
          value={filters.outcome}
          onChange={(event) => void filterHistory({ outcome: event.currentTarget.value as CallOutcome | '' })}
        >
          <option value="">{intl.formatMessage({ id: 'history.filters.allOutcomes' })}</option>
          {CALL_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {intl.formatMessage({ id: 'history.outcome' }, { outcome: selectKey(outcome) })}
            </option>
          ))}
        </select>
      </div>
      <div className="field search-field">
        <label htmlFor="history-search">
          <FormattedMessage id="history.filters.search" />
        </label>
        <input
          id="history-search"
          className="input"
          type="search"
          name="search"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button primary">
          <FormattedMessage id="history.filters.apply" />
        </button>
        {active && (
          <button
            type="button"
            className="button text"
            onClick={() => {
              setSearch('')
              void clearHistoryFilters()
            }}
          >
            <FormattedMessage id="history.filters.clear" />
          </button>
        )}
      </div>
    </form>
  )
}
