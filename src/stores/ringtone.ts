import { atom, computed } from 'nanostores'
import type { Ringtone } from '../constants'
import type { Playback } from '../services/sound'
import { playRingtone } from '../services/ringtones'
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
