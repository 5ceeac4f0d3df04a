import { atom, computed, onMount } from 'nanostores'
import { TIMER_TICK_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { $agentStatus } from './agent'
import { onLogout } from '../session/logout'
import { $linkOnline } from '../session/link-state'

/** The agent is online: the link is up and the status is not `disconnected`. */
export const $agentOnline = computed([$linkOnline, $agentStatus], (link, status) => link && status.online)

/** Time connected in this session, in ms: runs while the agent is online, pauses offline (SPEC §2). */
export const $timeConnected = atom(0)

// The timer runs only while a view shows it; elapsed time is measured, not counted, so a throttled
// background tab still adds the right amount.
onMount($timeConnected, () => {
  let timer: TimerId | undefined
  let last = 0
  const add = () => {
    const now = clock.now()
    $timeConnected.set($timeConnected.get() + (now - last))
    last = now
  }
  const stopTimer = () => {
    if (timer === undefined) return
    add()
    clock.clearInterval(timer)
    timer = undefined
  }
  const unsubscribe = $agentOnline.subscribe((online) => {
    if (online && timer === undefined) {
      last = clock.now()
      timer = clock.setInterval(add, TIMER_TICK_MS)
    } else if (!online) stopTimer()
  })
  return () => {
    unsubscribe()
    stopTimer()
  }
})

onLogout(() => $timeConnected.set(0))
