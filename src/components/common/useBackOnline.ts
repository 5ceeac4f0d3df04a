import { useEffect, useRef } from 'react'
import { useStore } from '@nanostores/react'
import { $browserOnline } from '../../stores/app/browser-presence'

/**
 * Calls `callback` when the browser has the network back while `active` (a view whose load failed):
 * what failed because the network was cut loads again by itself, without the agent finding the retry.
 *
 * @example
 * useBackOnline(() => void loadHistory(page), state.status === 'failed')
 */
export function useBackOnline(callback: () => void, active: boolean): void {
  const online = useStore($browserOnline)
  const wasOnline = useRef(online)
  // The latest of each, read when the network comes back: the effect runs on that change only.
  const latest = useRef({ callback, active })
  useEffect(() => {
    latest.current = { callback, active }
  })
  useEffect(() => {
    const cameBack = online && !wasOnline.current
    wasOnline.current = online
    if (cameBack && latest.current.active) latest.current.callback()
  }, [online])
}
