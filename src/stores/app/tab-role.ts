import { atom, onMount } from 'nanostores'
import { claimActiveTab } from '../../services/tab-lock'

/**
 * Whether this tab is the browser's active console: `active` rings and holds the realtime link,
 * `elsewhere` shows that the console is open in another tab (a call rings once per agent, not once
 * per tab), `pending` until the browser answers.
 */
export type TabRole = 'pending' | 'active' | 'elsewhere'

/** This tab's role among the console's tabs of this browser. */
export const $tabRole = atom<TabRole>('pending')

onMount($tabRole, () =>
  claimActiveTab({
    onActive: () => $tabRole.set('active'),
    onWaiting: () => $tabRole.set('elsewhere'),
  }),
)

/** Whether this tab may ring: it is the active tab (or the browser has not answered yet). */
export function mayRingHere(): boolean {
  return $tabRole.get() !== 'elsewhere'
}
