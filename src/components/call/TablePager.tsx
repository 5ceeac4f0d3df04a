import { useIntl } from 'react-intl'
import type { PagedListState } from '../../stores/directory/paged-list'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

interface TablePagerProps {
  state: PagedListState<unknown>
  onPage: (page: number) => void
}

/** Previous/next page of a server table, with "page x of y". */
export function TablePager({ state, onPage }: TablePagerProps) {
  const intl = useIntl()
  const pages = state.limit > 0 ? Math.max(1, Math.ceil(state.total / state.limit)) : 1
  return (
    <div className="table-pager">
      <sl-icon-button
        name="chevron-left"
        label={intl.formatMessage({ id: 'call.table.previous' })}
        disabled={state.page <= 1 || state.loading}
        onClick={() => onPage(state.page - 1)}
      ></sl-icon-button>
      <span>{intl.formatMessage({ id: 'call.table.page' }, { page: state.page, pages })}</span>
      <sl-icon-button
        name="chevron-right"
        label={intl.formatMessage({ id: 'call.table.next' })}
        disabled={state.page >= pages || state.loading}
        onClick={() => onPage(state.page + 1)}
      ></sl-icon-button>
    </div>
  )
}
