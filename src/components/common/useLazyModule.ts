import { useCallback, useEffect, useRef, useState } from 'react'
import { CHUNK_LOAD_TIMEOUT_MS } from '../../constants'
import { clock } from '../../services/clock'
import { useBackOnline } from './useBackOnline'

/** Where a lazy chunk stands. */
export type LazyState<T> =
  | { status: 'loading' }
  | { status: 'loaded'; module: T }
  /** `failures`: how many attempts in a row failed, this one included. */
  | { status: 'failed'; reason: 'error' | 'timeout'; failures: number }

// Modules already loaded, by loader: showing the same area again renders at once, with no loading line.
const loaded = new WeakMap<() => Promise<unknown>, unknown>()

/**
 * Loads a lazy chunk, gives up after {@link CHUNK_LOAD_TIMEOUT_MS}, and offers a retry that calls the
 * loader again (the built console asks again for a chunk whose import failed: services/chunk-import.ts).
 * A chunk that failed is asked for again by itself when the browser has the network back.
 *
 * @example
 * const [state, retry] = useLazyModule(() => import('../calendar/CalendarArea'))
 */
export function useLazyModule<T>(loader: () => Promise<T>): [LazyState<T>, () => void] {
  const [attempt, setAttempt] = useState(0)
  // Failed attempts in a row: a retry that fails again tells the area to offer a reload.
  const failures = useRef(0)
  const [state, setState] = useState<LazyState<T>>(() =>
    loaded.has(loader) ? { status: 'loaded', module: loaded.get(loader) as T } : { status: 'loading' },
  )

  useEffect(() => {
    if (loaded.has(loader)) return
    let settled = false
    const timer = clock.setTimeout(() => {
      settled = true
      failures.current += 1
      setState({ status: 'failed', reason: 'timeout', failures: failures.current })
    }, CHUNK_LOAD_TIMEOUT_MS)
    loader().then(
      (module) => {
        if (settled) return
        settled = true
        clock.clearTimeout(timer)
        failures.current = 0
        loaded.set(loader, module)
        setState({ status: 'loaded', module })
      },
      (error: unknown) => {
        if (settled) return
        settled = true
        clock.clearTimeout(timer)
        console.warn('[agent-console] chunk failed to load', error)
        failures.current += 1
        setState({ status: 'failed', reason: 'error', failures: failures.current })
      },
    )
    return () => {
      settled = true
      clock.clearTimeout(timer)
    }
    // The loader is fixed per call site; a new attempt is what re-runs it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])

  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])

  // The network cut that failed the chunk is over: the agent should not have to ask for it.
  useBackOnline(retry, state.status === 'failed')
  return [state, retry]
}

/**
 * What a failed chunk tells the agent: it failed, it took too long, or (a retry failed too) it stays
 * unloadable in this page, where only a reload may help.
 */
export function chunkFailureMessageId(
  failed: Extract<LazyState<unknown>, { status: 'failed' }>,
): 'errors.chunk' | 'errors.chunkTimeout' | 'errors.chunkStuck' {
  if (failed.failures > 1) return 'errors.chunkStuck'
  return failed.reason === 'timeout' ? 'errors.chunkTimeout' : 'errors.chunk'
}
