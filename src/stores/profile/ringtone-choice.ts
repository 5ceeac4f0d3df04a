import { atom } from 'nanostores'
import type { Ringtone } from '../../constants'
import { saveUserSettings } from './settings'
import { savesInTurn } from '../../lib/saves-in-turn'

/** Saving the ringtone choice: the tone being saved, and whether the last save failed. */
export interface RingtoneChoiceState {
  saving: Ringtone | null
  failed: boolean
  /** The last choice that the server kept (the confirmation shows it). */
  saved: Ringtone | null
}

/** The ringtone choice of the settings page. */
export const $ringtoneChoice = atom<RingtoneChoiceState>({ saving: null, failed: false, saved: null })

/** One save at a time; arrowing through the tones saves the one the agent stops on, last. */
const saveRingtone = savesInTurn((tone: Ringtone) => saveUserSettings({ ringtone: tone }))

/**
 * Chooses the ringtone of inbound calls (and of the offline alert): saved to `/user/settings`, used
 * from the next ring on.
 *
 * @example
 * await chooseRingtone('happy-bells')
 */
export async function chooseRingtone(tone: Ringtone): Promise<void> {
  $ringtoneChoice.set({ saving: tone, failed: false, saved: null })
  const outcome = await saveRingtone(tone)
  if (outcome.saved) $ringtoneChoice.set({ saving: null, failed: false, saved: outcome.value })
  else {
    console.warn('[agent-console] the ringtone could not be saved', outcome.error)
    $ringtoneChoice.set({ saving: null, failed: true, saved: null })
  }
}

/** Forgets the last save's outcome (the page closes). */
export function resetRingtoneChoice(): void {
  $ringtoneChoice.set({ saving: null, failed: false, saved: null })
}
