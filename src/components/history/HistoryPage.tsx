import { useLayoutEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { DEFAULT_PAGE_SIZE } from '../../constants'
import { $history, $historyFilters, loadHistory } from '../../stores/history/history-list'
import { loadAgentSegments } from '../../stores/utilities/agent-segments'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { PageEmpty, PageLoading } from '../common/PageStates'
import { Pager } from '../common/Pager'
import { pageStyles } from '../pages/pages.styles'
import { historyStyles } from './history.styles'
import { HistoryFilters } from './HistoryFilters'
import { HistoryTable } from './HistoryTable'

/**
 * `/history` (home): the agent's own past calls and meetings, newest first, 10 a page, with sort,
 * filters by dates, segment and outcome, and a search on the customer's name.
 */
export default function HistoryPage() {
  useShadowStyles(controlStyles, pageStyles, historyStyles)
  const state = useStore($history)
  const filters = useStore($historyFilters)
  // Before paint: the first frame shows "loading", never an empty list.
  useLayoutEffect(() => {
    // Back from a call's detail: the same page again, fresh.
    void loadHistory($history.get().page)
    void loadAgentSegments()
  }, [])
  const filtered = Boolean(filters.from || filters.to || filters.segment || filters.outcome || filters.search)
  // A page size of 0: nothing has loaded yet.
  const firstLoad = state.limit === 0
  return (
    <section className="page history-page" aria-labelledby="page-title">
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.history" />
        </h2>
        <div className="actions">
          <button
            type="button"
            className="button small"
            aria-disabled={state.loading}
            onClick={() => !state.loading && void loadHistory(state.page)}
          >
            <sl-icon name="arrow-clockwise" aria-hidden="true"></sl-icon>
            <FormattedMessage id="pages.refresh" />
          </button>
        </div>
      </header>
      <HistoryFilters />
      {state.failed ? (
        <GenericError
          retryWhenOnline
          messageId="history.failed"
          onRetry={() => void loadHistory(state.page)}
        />
      ) : firstLoad ? (
        <PageLoading />
      ) : state.rows.length === 0 ? (
        <PageEmpty messageId={filtered ? 'history.emptyFiltered' : 'history.empty'} />
      ) : (
        <>
          <HistoryTable rows={state.rows} busy={state.loading} />
          <Pager
            page={state.page}
            total={state.total}
            pageSize={state.limit || DEFAULT_PAGE_SIZE}
            busy={state.loading}
            onPage={(page) => void loadHistory(page)}
          />
        </>
      )}
    </section>
  )
}
