import { atom, computed } from 'nanostores'
import type { Ringtone } from '../../constants'
import type { Playback } from '../../services/sound'
import { playRingtone, playRingtoneOnce, prepareRingtones } from '../../services/ringtones'
import { storedJSON } from '../../services/storage'
import { $userSettings } from './settings'

/** The agent's ringtone (user settings); classic until the settings say otherwise. */
export const $ringtone = computed($userSettings, (settings): Ringtone => settings?.ringtone ?? 'classic')

/** The tone a ringing call is playing now (its name), or null. */
export const $ringingTone = atom<Ringtone | null>(null)

/** True while the ringtone plays. */
export const $ringtonePlaying = computed($ringingTone, (tone) => tone !== null)

/**
 * Loudness of the ringtone, 0…1, kept on this device (speakers differ from one machine to another);
 * the ring, the offline alert and the previews use it.
 */
export const $ringtoneVolume = storedJSON<number>('ringtone-volume', 1)

/** The tone being previewed on the settings page, or null. */
export const $ringtonePreview = atom<Ringtone | null>(null)

let playback: Playback | null = null
let preview: Playback | null = null

function volume(): number {
  const stored = $ringtoneVolume.get()
  return typeof stored === 'number' && Number.isFinite(stored) ? Math.min(1, Math.max(0, stored)) : 1
}

/** Starts the agent's ringtone in a loop (a call rings); a preview stops first. */
export function startRingtone(): void {
  stopRingtone()
  stopRingtonePreview()
  const tone = $ringtone.get()
  playback = playRingtone(tone, volume())
  $ringingTone.set(tone)
}

/** Stops the ringtone at once (any end of ringing). */
export function stopRingtone(): void {
  playback?.stop()
  playback = null
  if ($ringingTone.get() !== null) $ringingTone.set(null)
}

/**
 * Plays a tone in a loop to hear it, or stops it when it is the one playing. Never while a call rings.
 *
 * @example
 * toggleRingtonePreview('marimba')
 */
export function toggleRingtonePreview(tone: Ringtone): void {
  const playing = $ringtonePreview.get()
  stopRingtonePreview()
  if (playing === tone || $ringingTone.get() !== null) return
  preview = playRingtone(tone, volume())
  $ringtonePreview.set(tone)
}

/** Stops the preview (the page closes, another starts). */
export function stopRingtonePreview(): void {
  preview?.stop()
  preview = null
  if ($ringtonePreview.get() !== null) $ringtonePreview.set(null)
}

/**
 * Sets the ringtone's loudness (0…1) on this device; a preview playing follows at once.
 *
 * @example
 * setRingtoneVolume(0.5)
 */
export function setRingtoneVolume(level: number): void {
  const clamped = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1
  $ringtoneVolume.set(clamped)
  preview?.setVolume(clamped)
  playback?.setVolume(clamped)
}

/** One round of the agent's ringtone: the alert that the console went offline. */
export function playOfflineAlert(): void {
  playRingtoneOnce($ringtone.get(), volume())
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
