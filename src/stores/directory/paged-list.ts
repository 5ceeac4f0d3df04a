import { atom, type ReadableAtom } from 'nanostores'
import type { Paged } from '../../protocol'

/** A page of a server list, as a table shows it. */
export interface PagedListState<T> {
  rows: T[]
  total: number
  /** 1-based page on screen. */
  page: number
  /** Page size the server applied (SPEC §7: transfer tables take it from the server). */
  limit: number
  loading: boolean
  /** The last load failed. */
  failed: boolean
}

/** A server list with paging: its state and how to load a page. */
export interface PagedList<T> {
  $state: ReadableAtom<PagedListState<T>>
  /** Loads a page (1-based); the latest call wins over slower earlier ones. */
  load(page?: number): Promise<void>
  /** Loads the page on screen again. */
  refresh(): Promise<void>
  /** Empties the list. */
  reset(): void
}

/** Fetches one page: given the 1-based page and the page size known so far (null before the first). */
export type PageFetcher<T> = (page: number, limit: number | null) => Promise<Paged<T>>

/**
 * Makes a paged server list (segments and agents of the transfer and invite tables). The first load
 * asks without a page size, so the server's own applies; later pages use it.
 *
 * @example
 * const segments = createPagedList((page, limit) => fetchSegments(page, limit))
 * await segments.load(1)
 */
export function createPagedList<T>(fetchPage: PageFetcher<T>): PagedList<T> {
  const empty: PagedListState<T> = { rows: [], total: 0, page: 1, limit: 0, loading: false, failed: false }
  const $state = atom<PagedListState<T>>(empty)
  let sequence = 0

  async function load(page = 1): Promise<void> {
    const mine = ++sequence
    const before = $state.get()
    $state.set({ ...before, loading: true, failed: false })
    try {
      const result = await fetchPage(page, before.limit || null)
      if (mine !== sequence) return
      $state.set({
        rows: result.data,
        total: result.total,
        page: result.page,
        limit: result.limit,
        loading: false,
        failed: false,
      })
    } catch {
      if (mine === sequence) $state.set({ ...$state.get(), loading: false, failed: true })
    }
  }

  return {
    $state,
    load,
    refresh: () => load($state.get().page),
    reset: () => {
      sequence++
      $state.set(empty)
    },
  }
}
