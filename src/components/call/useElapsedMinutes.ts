import { useEffect, useReducer } from 'react'
import { RELATIVE_TIMER_INTERVAL_MS } from '../../constants'
import { clock } from '../../services/clock'

/**
 * Whole minutes elapsed since `since` (console clock, ms), plus `offsetMinutes` already counted (the
 * queue duration the server sent), refreshed every 60 s (SPEC §9 relative timer).
 *
 * @example
 * const minutes = useElapsedMinutes(ringing.receivedAt, call.duration)
 */
export function useElapsedMinutes(since: number, offsetMinutes = 0): number {
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    const timer = clock.setInterval(refresh, RELATIVE_TIMER_INTERVAL_MS)
    return () => clock.clearInterval(timer)
  }, [since])
  return offsetMinutes + Math.max(0, Math.floor((clock.now() - since) / 60_000))
}
