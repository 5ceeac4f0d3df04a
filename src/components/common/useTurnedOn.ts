import { useEffect, useRef } from 'react'

/**
 * Calls `callback` when `on` turns from false to true while `active`: a view that failed asks again when
 * what it waited for comes back (the network, an overlay opened again), and at no other render.
 *
 * @example
 * useTurnedOn(open, retry, state.status === 'failed')
 */
export function useTurnedOn(on: boolean, callback: () => void, active: boolean): void {
  const wasOn = useRef(on)
  // The latest of each, read when `on` turns true: the effect runs on that change only.
  const latest = useRef({ callback, active })
  useEffect(() => {
    latest.current = { callback, active }
  })
  useEffect(() => {
    const turnedOn = on && !wasOn.current
    wasOn.current = on
    if (turnedOn && latest.current.active) latest.current.callback()
  }, [on])
}
