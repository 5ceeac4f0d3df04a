import { atom, computed } from 'nanostores'
import type { Ringtone } from '../../constants'
import type { Playback } from '../../services/sound'
import { playRingtone, prepareRingtones } from '../../services/ringtones'
import { $userSettings } from './settings'

/** The agent's ringtone (user settings); classic until the settings say otherwise. */
export const $ringtone = computed($userSettings, (settings): Ringtone => settings?.ringtone ?? 'classic')

/** True while the ringtone plays. */
export const $ringtonePlaying = atom(false)

let playback: Playback | null = null

/** Starts the agent's ringtone in a loop (a call rings). */
export function startRingtone(): void {
  stopRingtone()
  playback = playRingtone($ringtone.get())
  $ringtonePlaying.set(true)
}

/** Stops the ringtone at once (any end of ringing). */
export function stopRingtone(): void {
  playback?.stop()
  playback = null
  if ($ringtonePlaying.get()) $ringtonePlaying.set(false)
}

/**
 * Gets the audio engine ready while the agent is signed in and idle (its first start costs ~100 ms:
 * not on the first ring). A user gesture lets it run; without one it waits, suspended, for the ring.
 */
export function prepareRingtone(): () => void {
  const warm = () => prepareRingtones()
  window.addEventListener('pointerdown', warm, { once: true, capture: true })
  window.addEventListener('keydown', warm, { once: true, capture: true })
  const idle =
    typeof requestIdleCallback === 'function' ? requestIdleCallback(warm, { timeout: 5_000 }) : null
  return () => {
    window.removeEventListener('pointerdown', warm, { capture: true })
    window.removeEventListener('keydown', warm, { capture: true })
    if (idle !== null) cancelIdleCallback(idle)
  }
}
