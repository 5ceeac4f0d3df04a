import { atom, onMount } from 'nanostores'
import { DISCONNECTED_STATUS } from '../../protocol'
import { SECONDARY_AREAS_DELAY_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { $agentStatus } from '../status/agent'
import { onLogout } from '../session/logout'
import { $linkOnline } from '../session/link-state'

/**
 * Whether the console's secondary areas (the calendar sidebar) may load. Going available comes first:
 * they wait until the agent is connected and has a working status (chosen now, or restored by the
 * server after a reconnect), or until 3 s after connecting. Once true it stays true for the session.
 */
export const $secondaryAreasReady = atom(false)

onMount($secondaryAreasReady, () => {
  let timer: TimerId | undefined
  const settle = () => {
    clock.clearTimeout(timer)
    $secondaryAreasReady.set(true)
  }
  const check = () => {
    if ($secondaryAreasReady.get() || !$linkOnline.get()) return
    if ($agentStatus.get().status !== DISCONNECTED_STATUS) return settle()
    timer ??= clock.setTimeout(settle, SECONDARY_AREAS_DELAY_MS)
  }
  const stops = [$linkOnline.subscribe(check), $agentStatus.subscribe(check)]
  return () => {
    clock.clearTimeout(timer)
    stops.forEach((stop) => stop())
  }
})

onLogout(() => $secondaryAreasReady.set(false))
