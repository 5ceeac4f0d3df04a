import { useIntl } from 'react-intl'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import { registerPageIcons } from '../icons/pages-icons'

// The page arrows come with the pages that show a pager (lazy chunks), not with the first screen.
registerPageIcons()

interface PagerProps {
  /** 1-based page on screen. */
  page: number
  /** Rows in all pages. */
  total: number
  /** Rows a page holds. */
  pageSize: number
  /** A page is loading: the buttons wait. */
  busy?: boolean
  onPage: (page: number) => void
}

/**
 * Previous and next page of a list, with "page x of y" (native buttons: it is on the pages' light path).
 * At either end, or while a page loads, a button says it is unavailable with aria-disabled and does
 * nothing: a disabled button would drop the keyboard focus to the page at each press.
 *
 * @example
 * <Pager page={state.page} total={state.total} pageSize={10} onPage={loadHistory} />
 */
export function Pager({ page, total, pageSize, busy = false, onPage }: PagerProps) {
  const intl = useIntl()
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
  const first = page <= 1
  const last = page >= pages
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'pages.pager' })}>
      <button
        type="button"
        className="button small previous"
        aria-disabled={first || busy}
        onClick={() => !first && !busy && onPage(page - 1)}
      >
        <sl-icon name="chevron-left" aria-hidden="true"></sl-icon>
        {intl.formatMessage({ id: 'pages.previousPage' })}
      </button>
      <span>{intl.formatMessage({ id: 'pages.pageOf' }, { page, pages })}</span>
      <button
        type="button"
        className="button small next"
        aria-disabled={last || busy}
        onClick={() => !last && !busy && onPage(page + 1)}
      >
        {intl.formatMessage({ id: 'pages.nextPage' })}
        <sl-icon name="chevron-right" aria-hidden="true"></sl-icon>
      </button>
    </nav>
  )
}
