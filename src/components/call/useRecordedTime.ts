import { useEffect, useState } from 'react'
import { clock } from '../../services/clock'
import { recordedMs, type RecordingState } from '../../stores/call/recording'

/** Recorded time of a recording in ms, ticking every second while it runs (on the console's clock). */
export function useRecordedTime(state: RecordingState): number {
  const [now, setNow] = useState(() => clock.now())
  const running = state.runningSince !== null
  useEffect(() => {
    if (!running) return undefined
    const timer = clock.setInterval(() => setNow(clock.now()), 1_000)
    return () => clock.clearInterval(timer)
  }, [running, state.runningSince])
  // A run that started after the last tick counts from its start, not from a stale now.
  return recordedMs(state, Math.max(now, state.runningSince ?? now))
}
