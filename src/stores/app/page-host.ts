import { atom, computed, type ReadableAtom } from 'nanostores'

/** A role that exactly one mounted view of the page plays (the inbound modal, the call's video). */
export interface PageHost {
  /** The view that plays it now, or null. */
  $host: ReadableAtom<symbol | null>
  /** Offers a view; the highest rank wins, then the first offered. Returns the release. */
  offer(id: symbol, rank: number): () => void
}

/** Rank of `<agent-console>`: it outranks a call panel on the same page. */
export const CONSOLE_RANK = 2
/** Rank of any other element. */
export const ELEMENT_RANK = 1

/**
 * Makes a page-wide role that one view at a time plays, like the toast host: the console's view
 * when the page has one, else the first element's.
 *
 * @example
 * const host = createPageHost()
 * useEffect(() => host.offer(me, CONSOLE_RANK), [me])
 */
export function createPageHost(): PageHost {
  const $candidates = atom<{ id: symbol; rank: number }[]>([])
  const $host = computed($candidates, (list) => {
    let best: { id: symbol; rank: number } | null = null
    for (const candidate of list) if (!best || candidate.rank > best.rank) best = candidate
    return best?.id ?? null
  })
  return {
    $host,
    offer(id, rank) {
      $candidates.set([...$candidates.get(), { id, rank }])
      return () => $candidates.set($candidates.get().filter((candidate) => candidate.id !== id))
    },
  }
}

/** Which view shows the inbound modal. */
export const inboundHost = createPageHost()

/** Which view shows the call's video, controls and keyboard shortcuts. */
export const callAreaHost = createPageHost()
