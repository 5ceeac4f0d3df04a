import { atom } from 'nanostores'
import {
  CallHistoryItemSchema,
  HTTP_PATHS,
  containsFilter,
  encodeListQuery,
  pagedSchema,
  skipOf,
  type CallHistoryItem,
  type CallOutcome,
  type ListQuery,
  type Paged,
} from '../../protocol'
import { DEFAULT_PAGE_SIZE } from '../../constants'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { createPagedList } from '../directory/paged-list'

const HistoryPageSchema = pagedSchema(CallHistoryItemSchema)

/** Columns the history table sorts by. */
export type HistorySortField = 'startedAt' | 'customerName' | 'durationMs'

/** The history's filters and sort, as the agent set them. */
export interface HistoryFilters {
  /** First local day shown, `YYYY-MM-DD`, or '' for no bound. */
  from: string
  /** Last local day shown (inclusive), `YYYY-MM-DD`, or ''. */
  to: string
  /** A segment id, or '' for every segment. */
  segment: string
  /** One outcome, or '' for every outcome. */
  outcome: CallOutcome | ''
  /** Text searched in the customer's name. */
  search: string
  sort: { field: HistorySortField; order: 1 | -1 }
}

/** No filter, newest first. */
export const NO_HISTORY_FILTERS: HistoryFilters = {
  from: '',
  to: '',
  segment: '',
  outcome: '',
  search: '',
  sort: { field: 'startedAt', order: -1 },
}

/** The filters of the history on screen. */
export const $historyFilters = atom<HistoryFilters>(NO_HISTORY_FILTERS)

/** Local midnight of a `YYYY-MM-DD` day, `days` later, as an instant. */
function localDayStart(date: string, days = 0): string {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days).toISOString()
}

/**
 * The list query of the history for a page and filters (SPEC §7: skip = size × (page − 1)); dates are
 * the browser's local days.
 *
 * @example
 * historyQuery(2, { ...NO_HISTORY_FILTERS, outcome: 'missed' })
 */
export function historyQuery(page: number, filters: HistoryFilters): ListQuery {
  const query: ListQuery = {
    $limit: DEFAULT_PAGE_SIZE,
    $skip: skipOf(page, DEFAULT_PAGE_SIZE),
    $sort: { [filters.sort.field]: filters.sort.order },
  }
  const range: { $gte?: string; $lt?: string } = {}
  if (filters.from) range.$gte = localDayStart(filters.from)
  if (filters.to) range.$lt = localDayStart(filters.to, 1)
  if (range.$gte || range.$lt) query.startedAt = range
  if (filters.segment) query.segment = filters.segment
  if (filters.outcome) query.outcome = filters.outcome
  const search = filters.search.trim()
  if (search) query.customerName = containsFilter(search)
  return query
}

function fetchHistory(page: number): Promise<Paged<CallHistoryItem>> {
  const query = historyQuery(page, $historyFilters.get())
  return api().get(HTTP_PATHS.calls + encodeListQuery(query), { schema: HistoryPageSchema })
}

/** The agent's history, a page at a time (10), newest first unless sorted otherwise. */
export const historyList = createPagedList<CallHistoryItem>((page) => fetchHistory(page))

/** The history's page state (rows, total, page, loading, failed). */
export const $history = historyList.$state

/**
 * Loads a page of the history with the current filters.
 *
 * @example
 * await loadHistory(2)
 */
export function loadHistory(page = 1): Promise<void> {
  return historyList.load(page)
}

/**
 * Changes some filters and shows the first page that matches them.
 *
 * @example
 * await filterHistory({ outcome: 'missed' })
 */
export function filterHistory(change: Partial<Omit<HistoryFilters, 'sort'>>): Promise<void> {
  $historyFilters.set({ ...$historyFilters.get(), ...change })
  return historyList.load(1)
}

/** Sorts by a column: descending first for dates and durations, ascending for names; again flips it. */
export function sortHistory(field: HistorySortField): Promise<void> {
  const current = $historyFilters.get()
  const order: 1 | -1 =
    current.sort.field === field ? (current.sort.order === 1 ? -1 : 1) : field === 'customerName' ? 1 : -1
  $historyFilters.set({ ...current, sort: { field, order } })
  return historyList.load(1)
}

/** Clears every filter (not the sort) and shows the first page. */
export function clearHistoryFilters(): Promise<void> {
  $historyFilters.set({ ...NO_HISTORY_FILTERS, sort: $historyFilters.get().sort })
  return historyList.load(1)
}

onLogout(() => {
  $historyFilters.set(NO_HISTORY_FILTERS)
  historyList.reset()
})
