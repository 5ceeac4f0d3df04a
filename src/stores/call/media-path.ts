import { atom } from 'nanostores'
import type { MediaPathState } from '../../services/peer'
import { onCallCleanup } from './call-scope'

export type { MediaPathState }

/**
 * Where the media path to each participant stands (`connecting`, `connected`, `reconnecting`, `failed`), by
 * peer id, as the connections report it: the video area says "Reconnecting media…" or why the video could
 * not connect, instead of a black video with no word.
 */
export const $mediaPaths = atom<Readonly<Record<string, MediaPathState>>>({})

// Participants whose media reached the agent in this call: a new connection to them (after a network
// change took the old one with the socket, a reconnect on either side) is the media coming back.
const reached = new Set<string>()

/**
 * A connection said where its path stands. A new connection to a participant whose media already came
 * is said `reconnecting`, not `connecting`: for the agent the media is coming back.
 */
export function setMediaPath(peerId: string, state: MediaPathState): void {
  if (state === 'connected') reached.add(peerId)
  const said = state === 'connecting' && reached.has(peerId) ? 'reconnecting' : state
  const paths = $mediaPaths.get()
  if (paths[peerId] === said) return
  $mediaPaths.set({ ...paths, [peerId]: said })
}

/** The connection closed: nothing is said of its path until a new one starts. */
export function forgetMediaPath(peerId: string): void {
  const { [peerId]: gone, ...rest } = $mediaPaths.get()
  if (gone !== undefined) $mediaPaths.set(rest)
}

/** The participant left the call: a later connection to them is a new one. */
export function mediaPathLeft(peerId: string): void {
  reached.delete(peerId)
  forgetMediaPath(peerId)
}

/** Forgets every path (the call ended). */
export function resetMediaPaths(): void {
  reached.clear()
  $mediaPaths.set({})
}

onCallCleanup(resetMediaPaths)
