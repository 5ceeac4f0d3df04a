import { useStore } from '@nanostores/react'
import { $browserOnline } from '../../stores/app/browser-presence'
import { useTurnedOn } from './useTurnedOn'

/**
 * Calls `callback` when the browser has the network back while `active` (a view whose load failed):
 * what failed because the network was cut loads again by itself, without the agent finding the retry.
 *
 * @example
 * useBackOnline(() => void loadHistory(page), state.status === 'failed')
 */
export function useBackOnline(callback: () => void, active: boolean): void {
  useTurnedOn(useStore($browserOnline), callback, active)
}
