import { useIntl } from 'react-intl'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import { useShadowStyles } from '../root/useShadowStyles'
import { tablePagerStyles } from './table-pager.styles'

interface TablePagerProps {
  /** 1-based page on screen. */
  page: number
  /** Pages in all. */
  pages: number
  /** A page is loading: the arrows wait. */
  loading: boolean
  onPage: (page: number) => void
}

/**
 * How many pages `total` rows make, `limit` a page (at least one).
 *
 * @example
 * pageCount(25, 10) // 3
 */
export function pageCount(total: number, limit: number): number {
  return limit > 0 ? Math.max(1, Math.ceil(total / limit)) : 1
}

/**
 * Previous/next page of a server table, with "page x of y". The arrows are native buttons that say
 * they are unavailable with aria-disabled (at either end, or while a page loads) and then do nothing:
 * a disabled button would drop the keyboard focus to the page at each press.
 *
 * @example
 * <TablePager page={state.page} pages={pageCount(state.total, state.limit)} loading={state.loading} onPage={load} />
 */
export function TablePager({ page, pages, loading, onPage }: TablePagerProps) {
  useShadowStyles(tablePagerStyles)
  const intl = useIntl()
  const first = page <= 1 || loading
  const last = page >= pages || loading
  return (
    <div className="table-pager">
      <button
        type="button"
        className="pager-arrow previous"
        aria-label={intl.formatMessage({ id: 'call.table.previous' })}
        aria-disabled={first}
        onClick={() => !first && onPage(page - 1)}
      >
        <sl-icon name="chevron-left" aria-hidden="true"></sl-icon>
      </button>
      <span>{intl.formatMessage({ id: 'call.table.page' }, { page, pages })}</span>
      <button
        type="button"
        className="pager-arrow next"
        aria-label={intl.formatMessage({ id: 'call.table.next' })}
        aria-disabled={last}
        onClick={() => !last && onPage(page + 1)}
      >
        <sl-icon name="chevron-right" aria-hidden="true"></sl-icon>
      </button>
    </div>
  )
}
