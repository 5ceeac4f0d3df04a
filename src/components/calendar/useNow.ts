import { useEffect, useState } from 'react'
import { clock } from '../../services/clock'

/**
 * The console's time, refreshed every `intervalMs`: enough for views whose look depends on the time
 * (past appointments dim, the join button opens and closes).
 *
 * @example
 * const now = useNow(60_000)
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => clock.now())
  useEffect(() => {
    const timer = clock.setInterval(() => setNow(clock.now()), intervalMs)
    return () => clock.clearInterval(timer)
  }, [intervalMs])
  return now
}
