import { atom, onMount } from 'nanostores'
import {
  HTTP_PATHS,
  RecordingSchema,
  encodeListQuery,
  pagedSchema,
  skipOf,
  type ListQuery,
  type Recording,
  type RecordingStatus,
} from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { HttpError } from '../../services/http'
import { api } from '../session/connection'
import { failureReason } from '../app/failure-reason'

/** The page size of the recordings table (SPEC §7 default). */
export const RECORDINGS_PAGE_SIZE = 10
/** While a recording on the page is still being recorded or processed, the page looks again this often. */
export const RECORDINGS_REFRESH_MS = 5_000

/** Columns the table sorts by (fields of the list query). */
export type RecordingSortField = 'startedAt' | 'customer' | 'segment' | 'duration' | 'size' | 'status'

/** What the agent filters by: statuses, and a range of days (`YYYY-MM-DD`, in the agent's zone). */
export interface RecordingFilters {
  statuses: RecordingStatus[]
  from: string
  to: string
}

/** The recordings table. */
export interface RecordingsListState {
  rows: Recording[]
  total: number
  page: number
  sort: { field: RecordingSortField; order: 1 | -1 }
  filters: RecordingFilters
  loading: boolean
  /** Why the last load failed: 'forbidden' (403) or the server's message. */
  error: { kind: 'forbidden' } | { kind: 'failed'; reason: string | null } | null
}

const INITIAL: RecordingsListState = {
  rows: [],
  total: 0,
  page: 1,
  sort: { field: 'startedAt', order: -1 },
  filters: { statuses: [], from: '', to: '' },
  loading: false,
  error: null,
}

/** The recordings table's state. */
export const $recordingsList = atom<RecordingsListState>(INITIAL)

let sequence = 0
let refreshTimer: TimerId | undefined

/** Midnight of a day in the agent's zone, as an instant. */
function dayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date).toISOString()
}

/** The list query of SPEC §7 for a state: page size 10, skip, sort, `$in` on status, a date range. */
export function recordingsQuery(state: Pick<RecordingsListState, 'page' | 'sort' | 'filters'>): ListQuery {
  const query: ListQuery = {
    $limit: RECORDINGS_PAGE_SIZE,
    $skip: skipOf(state.page, RECORDINGS_PAGE_SIZE),
    $sort: { [state.sort.field]: state.sort.order },
  }
  if (state.filters.statuses.length > 0) query.status = { $in: state.filters.statuses }
  const range: { $gte?: string; $lt?: string } = {}
  if (state.filters.from) range.$gte = dayStart(state.filters.from)
  if (state.filters.to) {
    const [year, month, date] = state.filters.to.split('-').map(Number) as [number, number, number]
    range.$lt = new Date(year, month - 1, date + 1).toISOString()
  }
  if (range.$gte || range.$lt) query.startedAt = range
  return query
}

/** Loads the page on screen (the latest call wins); a 403 shows "You haven't access to recordings". */
export async function loadRecordings(): Promise<void> {
  const mine = ++sequence
  const state = $recordingsList.get()
  $recordingsList.set({ ...state, loading: true })
  try {
    const result = await api().get(HTTP_PATHS.recordings, {
      query: encodeListQuery(recordingsQuery(state)),
      schema: pagedSchema(RecordingSchema),
    })
    if (mine !== sequence) return
    const current = $recordingsList.get()
    // Past the last page (after a deletion): the last page there is.
    const lastPage = Math.max(1, Math.ceil(result.total / RECORDINGS_PAGE_SIZE))
    if (result.data.length === 0 && current.page > lastPage) {
      $recordingsList.set({ ...current, page: lastPage })
      return loadRecordings()
    }
    $recordingsList.set({ ...current, rows: result.data, total: result.total, loading: false, error: null })
    planRefresh(result.data)
  } catch (error) {
    if (mine !== sequence) return
    const forbidden = error instanceof HttpError && error.status === 403
    $recordingsList.set({
      ...$recordingsList.get(),
      rows: forbidden ? [] : $recordingsList.get().rows,
      loading: false,
      error: forbidden ? { kind: 'forbidden' } : { kind: 'failed', reason: failureReason(error) },
    })
  }
}

/** Recordings still being recorded or processed turn pending by themselves: the page looks again. */
function planRefresh(rows: readonly Recording[]): void {
  clock.clearTimeout(refreshTimer)
  if (rows.some((row) => row.status === 'recording' || row.status === 'processing'))
    refreshTimer = clock.setTimeout(() => void loadRecordings(), RECORDINGS_REFRESH_MS)
}

/** Shows another page. */
export function showRecordingsPage(page: number): Promise<void> {
  $recordingsList.set({ ...$recordingsList.get(), page: Math.max(1, page) })
  return loadRecordings()
}

/** Sorts by a column: the same column again flips the order; a new one starts descending for dates. */
export function sortRecordings(field: RecordingSortField): Promise<void> {
  const { sort } = $recordingsList.get()
  const order: 1 | -1 = sort.field === field ? (sort.order === 1 ? -1 : 1) : field === 'startedAt' ? -1 : 1
  $recordingsList.set({ ...$recordingsList.get(), sort: { field, order }, page: 1 })
  return loadRecordings()
}

/** Applies filters (back to page 1). */
export function filterRecordings(filters: RecordingFilters): Promise<void> {
  $recordingsList.set({ ...$recordingsList.get(), filters, page: 1 })
  return loadRecordings()
}

/** Forgets the table (the page left). */
export function resetRecordingsList(): void {
  sequence++
  clock.clearTimeout(refreshTimer)
  $recordingsList.set(INITIAL)
}

onMount($recordingsList, () => () => clock.clearTimeout(refreshTimer))
