import type { FormValues } from '../../protocol'
import { tabJSON } from '../../services/storage'
import { $call } from './call-state'

/**
 * What the agent typed in a call and the server has not acknowledged yet, kept in this tab's
 * sessionStorage: a reload inside the 500 ms debounce (or while the link is down) loses nothing, the
 * rejoined call picks the drafts up and sends them.
 */

/** The drafts of one call. */
interface CallDrafts {
  comments?: string
  form?: FormValues
  /** The chat line being typed, not sent yet. */
  chat?: string
  /** A chat line sent with no answer, with its key: sent again after a reload, it keeps the key. */
  chatUnanswered?: UnansweredChat
}

/** A chat line the server may have (its send got no answer), and the key it went under. */
export interface UnansweredChat {
  text: string
  key: string
}

const $drafts = tabJSON<Record<string, CallDrafts>>('call-drafts', {})

/** The stored drafts, read defensively: storage is outside the console's control. */
function allDrafts(): Record<string, CallDrafts> {
  const stored = $drafts.get()
  return stored && typeof stored === 'object' ? stored : {}
}

/** Adds to the drafts of the active call or meeting (none: nothing to keep them for). */
function keep(patch: Partial<CallDrafts>): void {
  const id = $call.get()?.id
  if (!id) return
  const all = allDrafts()
  $drafts.set({ ...all, [id]: { ...all[id], ...patch } })
}

/** Keeps the comments typed in the active call until the server has them. */
export function keepCommentsDraft(text: string): void {
  keep({ comments: text })
}

/** Keeps the form values of the active call until the server has them. */
export function keepFormDraft(values: FormValues): void {
  keep({ form: values })
}

/** Keeps the chat line being typed in the active call or meeting until it is sent. */
export function keepChatDraft(text: string): void {
  keep({ chat: text })
}

/** Keeps the chat line that got no answer in the active call, with its key, until it is answered. */
export function keepUnansweredChat(line: UnansweredChat): void {
  keep({ chatUnanswered: line })
}

/** The server acknowledged what was typed (or the chat line left the field): nothing to keep for it. */
export function dropDraft(kind: keyof CallDrafts): void {
  const id = $call.get()?.id
  if (!id) return
  const { [kind]: _dropped, ...rest } = allDrafts()[id] ?? {}
  if (Object.keys(rest).length === 0) clearDrafts(id)
  else $drafts.set({ ...allDrafts(), [id]: rest })
}

/** The drafts left by a previous page of this tab for a call, if any. */
export function takeDrafts(callId: string): {
  comments: string | null
  form: FormValues | null
  chat: string | null
  chatUnanswered: UnansweredChat | null
} {
  const drafts = allDrafts()[callId] ?? {}
  const comments = typeof drafts.comments === 'string' ? drafts.comments : null
  const form = drafts.form && typeof drafts.form === 'object' ? drafts.form : null
  const chat = typeof drafts.chat === 'string' ? drafts.chat : null
  const line = drafts.chatUnanswered
  const chatUnanswered =
    line && typeof line.text === 'string' && typeof line.key === 'string'
      ? { text: line.text, key: line.key }
      : null
  return { comments, form, chat, chatUnanswered }
}

/** Forgets a call's drafts (it ended). */
export function clearDrafts(callId: string): void {
  const { [callId]: _gone, ...others } = allDrafts()
  $drafts.set(others)
}
