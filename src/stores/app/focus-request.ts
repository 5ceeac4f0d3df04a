import { atom } from 'nanostores'

/**
 * Where the keyboard focus should go next, when the element that had it goes away (SPEC §2,
 * keyboard): `status`, the status menu (after Connect, a status change, or the end of a call);
 * `call`, the call's controls (after Answer); `agent-form`, the first invalid field of the call's agent
 * form (after a hang-up it blocked). The component that owns the target takes the focus once the target
 * can hold it, then clears the request.
 */
export type FocusTarget = 'status' | 'call' | 'agent-form'

/** The pending focus request, if any. */
export const $focusRequest = atom<FocusTarget | null>(null)

/** Asks for the focus to move to `target` as soon as it can hold it. */
export function requestFocus(target: FocusTarget): void {
  $focusRequest.set(target)
}

/** Clears a request once it is served (or no longer wanted). */
export function clearFocusRequest(target: FocusTarget): void {
  if ($focusRequest.get() === target) $focusRequest.set(null)
}
