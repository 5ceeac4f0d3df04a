import { atom, computed } from 'nanostores'

/**
 * Where the realtime link is: `idle` before the agent connects, `online` once authenticated,
 * `reconnecting` between attempts; `duplicated` and `forced` stop the automatic reconnection (SPEC §4).
 */
export type LinkState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'duplicated' | 'forced'

/** The realtime link's state, with the attempt number and the last code while reconnecting. */
export interface LinkStatus {
  state: LinkState
  /** The reconnection attempt under way or next (0 when online). */
  attempt: number
  /** Why the link dropped or the last attempt failed (transport reason or error code). */
  code: string | null
}

/** The realtime link's state. */
export const $link = atom<LinkStatus>({ state: 'idle', attempt: 0, code: null })

/** The link is up and authenticated. */
export const $linkOnline = computed($link, (link) => link.state === 'online')

/** Moves the link to a new state (the realtime session is its one caller). */
export function setLink(status: LinkStatus): void {
  $link.set(status)
}
