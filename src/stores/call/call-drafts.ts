import type { FormValues } from '../../protocol'
import { perTab } from '../../services/storage'
import { $call } from './call-state'

/**
 * What the agent typed in a call and the server has not acknowledged yet, kept in this tab's
 * sessionStorage: a reload inside the 500 ms debounce (or while the link is down) loses nothing, the
 * rejoined call picks the drafts up and sends them.
 */

const key = (kind: 'comments' | 'form', callId: string) => `call-draft:${kind}:${callId}`

/** Keeps the comments typed in the active call until the server has them. */
export function keepCommentsDraft(text: string): void {
  const id = $call.get()?.id
  if (id) perTab.set(key('comments', id), text)
}

/** Keeps the form values of the active call until the server has them. */
export function keepFormDraft(values: FormValues): void {
  const id = $call.get()?.id
  if (id) perTab.set(key('form', id), JSON.stringify(values))
}

/** The server acknowledged what was typed: nothing to keep for this call any more. */
export function dropDraft(kind: 'comments' | 'form'): void {
  const id = $call.get()?.id
  if (id) perTab.remove(key(kind, id))
}

/** The drafts left by a previous page of this tab for a call, if any. */
export function takeDrafts(callId: string): { comments: string | null; form: FormValues | null } {
  const comments = perTab.get(key('comments', callId))
  const form = perTab.get(key('form', callId))
  return { comments, form: parseValues(form) }
}

function parseValues(text: string | null): FormValues | null {
  if (!text) return null
  try {
    return JSON.parse(text) as FormValues
  } catch {
    return null
  }
}

/** Forgets a call's drafts (it ended). */
export function clearDrafts(callId: string): void {
  perTab.remove(key('comments', callId))
  perTab.remove(key('form', callId))
}
