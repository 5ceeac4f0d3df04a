import { onMount } from 'nanostores'
import { $signedIn, onLogout } from './logout'
import { $call, abandonCall } from './call'
import { $inbound, abandonRinging } from './inbound'
import { $tabRole } from './tab-role'
import { prepareRingtone } from './ringtone'

/**
 * Keeps the call stores listening to the realtime link for as long as an agent is signed in, whether
 * or not a call view is on screen: a ring, or the `rejoin` right after a reload, must never be missed
 * because its chunk had not loaded yet. Import this module from any entry that can sign an agent in.
 */
onMount($signedIn, () => {
  const stops = [
    $tabRole.listen(() => {}),
    $inbound.listen(() => {}),
    $call.listen(() => {}),
    prepareRingtone(),
  ]
  return () => stops.forEach((stop) => stop())
})

// The session ended (logout, expiry, another tab): nothing of the call may survive it.
onLogout(() => {
  abandonRinging()
  abandonCall()
})
