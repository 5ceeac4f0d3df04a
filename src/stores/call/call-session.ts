import { onMount } from 'nanostores'
import { $signedIn, onLogout } from '../session/logout'
import { $call, abandonCall } from './call'
import { $inbound, abandonRinging } from '../inbound/inbound'

/**
 * Keeps the call stores listening to the realtime link for as long as an agent is signed in, whether
 * or not a call view is on screen: a ring, or the `rejoin` right after a reload, must never be missed
 * because its chunk had not loaded yet. Import this module from any entry that can sign an agent in
 * (before any element renders). `<agent-call-panel>` also keeps them mounted itself (its events).
 */
onMount($signedIn, () => {
  const stops = [$inbound.listen(() => {}), $call.listen(() => {})]
  return () => stops.forEach((stop) => stop())
})

// The session ended (logout, expiry, another tab): nothing of the call may survive it.
onLogout(() => {
  abandonRinging()
  abandonCall()
})
