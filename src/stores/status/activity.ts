import { atom, computed } from 'nanostores'

/**
 * What the agent is busy with right now. The call area sets it from its own stores (`$call`, `$inbound`);
 * the session reads it for the rules that depend on it: the bottom menu, hang-up before a status change,
 * and refresh-token expiry that only warns during a call or meeting.
 */
export interface Activity {
  /** An inbound call, invitation or transfer is ringing. */
  ringing: boolean
  /** A call is active (joined). */
  inCall: boolean
  /** A meeting (appointment) is active. */
  inMeeting: boolean
}

const IDLE: Activity = { ringing: false, inCall: false, inMeeting: false }

/** The agent's current activity. */
export const $activity = atom<Activity>({ ...IDLE })

/** True while a call or a meeting is active: a status change hangs up first, token expiry only warns. */
export const $busyInCall = computed($activity, (activity) => activity.inCall || activity.inMeeting)

/**
 * Marks an inbound ring as started or ended.
 *
 * @example
 * setRinging(true)
 */
export function setRinging(ringing: boolean): void {
  if ($activity.get().ringing !== ringing) $activity.set({ ...$activity.get(), ringing })
}

/**
 * Marks a call as active or ended.
 *
 * @example
 * setInCall(true)
 */
export function setInCall(inCall: boolean): void {
  if ($activity.get().inCall !== inCall) $activity.set({ ...$activity.get(), inCall })
}

/**
 * Marks a meeting as active or ended.
 *
 * @example
 * setInMeeting(true)
 */
export function setInMeeting(inMeeting: boolean): void {
  if ($activity.get().inMeeting !== inMeeting) $activity.set({ ...$activity.get(), inMeeting })
}

/**
 * Ends the current call or meeting; resolves once the hang-up is sent, or rejects with {@link HangupKept}
 * when it did not happen (an invalid agent form, a refusal of the server), after saying why.
 */
export type Hangup = () => Promise<void> | void

/** A hang-up that did not happen; the agent has been told why (the form's warning, the server's refusal). */
export class HangupKept extends Error {
  constructor(readonly outcome: 'blocked' | 'refused') {
    super(`hang-up ${outcome}`)
    this.name = 'HangupKept'
  }
}

let hangup: Hangup | null = null

/**
 * Registers how to hang up the current call or meeting (the call area does, once). Returns a function
 * that unregisters it.
 *
 * @example
 * const unregister = registerHangup(() => hangupCall())
 */
export function registerHangup(fn: Hangup): () => void {
  hangup = fn
  return () => {
    if (hangup === fn) hangup = null
  }
}

/**
 * Hangs up the active call or meeting if there is one (a status change does this first). Resolves
 * false when there is nothing to hang up or no one registered how.
 */
export async function hangupActive(): Promise<boolean> {
  if (!$busyInCall.get() || !hangup) return false
  await hangup()
  return true
}

/** Back to idle (logout). */
export function resetActivity(): void {
  $activity.set({ ...IDLE })
}
