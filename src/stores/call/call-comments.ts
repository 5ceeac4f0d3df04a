import { atom } from 'nanostores'
import { CommentsUpdatedSchema, MAX_TEXT } from '../../protocol'
import { SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { realtime } from '../session/connection'
import { dropDraft, keepCommentsDraft } from './call-drafts'
import { onCallCleanup } from './call-scope'

/**
 * Where the agent's comments stand: typed, waiting for the debounce, on the wire, stored, failed (sent
 * again after a reconnect), or too long for the server (`MAX_TEXT`: never sent until shortened).
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'tooLong'

/** The agent's comments on the active call. */
export interface CallComments {
  text: string
  status: SaveStatus
  /** When the server stored them (its clock). */
  savedAt: string | null
  /** The text differs from what the server last acknowledged: send it again after a reconnect. */
  dirty: boolean
}

const EMPTY: CallComments = { text: '', status: 'idle', savedAt: null, dirty: false }

/** The longest comments the server stores (characters, after sanitizing). */
export const COMMENTS_MAX = MAX_TEXT

/** The agent's comments on the active call, with their auto-save state. */
export const $callComments = atom<CallComments>(EMPTY)

let timer: TimerId | undefined

/** Comments are plain text: markup is stripped before they leave the console (SPEC §5). */
export async function sanitizeComments(text: string): Promise<string> {
  // DOMPurify loads with the first save, not with the page.
  const { default: DOMPurify } = await import('dompurify')
  return DOMPurify.sanitize(text, { ALLOWED_TAGS: [], ALLOWED_ATTR: [], KEEP_CONTENT: true })
}

/** Takes the comments the server holds (join); a rejoin keeps what the agent typed since. */
export function startComments(text: string, { keepTyped = false } = {}): void {
  const current = $callComments.get()
  if (keepTyped && current.dirty) return
  clock.clearTimeout(timer)
  $callComments.set({ ...EMPTY, text })
}

/**
 * The agent typed: the comments are saved 500 ms after the last keystroke, sanitized.
 *
 * @example
 * editComments('Customer asked for a refund')
 */
export function editComments(text: string): void {
  const tooLong = text.length > MAX_TEXT
  $callComments.set({ ...$callComments.get(), text, status: tooLong ? 'tooLong' : 'pending', dirty: true })
  // Kept as a draft even when too long: shortening it must not start from nothing.
  keepCommentsDraft(text)
  clock.clearTimeout(timer)
  if (!tooLong) timer = clock.setTimeout(() => void saveComments(), SAVE_DEBOUNCE_MS)
}

/**
 * Sends the comments now (the debounce ran out, a reconnect found them unsaved, or the last try failed).
 * A failure (the sanitizer's chunk or the request) is tried again {@link SAVE_RETRY_MS} later.
 */
export async function saveComments(): Promise<void> {
  clock.clearTimeout(timer)
  const text = $callComments.get().text
  try {
    const comments = await sanitizeComments(text)
    // The server would refuse it for its size, every time: say so, and send nothing.
    if (comments.length > MAX_TEXT) {
      if ($callComments.get().text === text) $callComments.set({ ...$callComments.get(), status: 'tooLong' })
      return
    }
    $callComments.set({ ...$callComments.get(), status: 'saving' })
    const saved = await realtime().request('comments', { comments }, CommentsUpdatedSchema)
    // Typed again meanwhile: that newer text is still to be saved.
    if ($callComments.get().text !== text) return
    $callComments.set({ ...$callComments.get(), status: 'saved', savedAt: saved.date, dirty: false })
    dropDraft('comments')
  } catch {
    // Typed again meanwhile (that newer text has its own save coming), or the call ended (nothing is dirty).
    const now = $callComments.get()
    if (now.text !== text || !now.dirty) return
    $callComments.set({ ...now, status: 'error' })
    timer = clock.setTimeout(() => void saveComments(), SAVE_RETRY_MS)
  }
}

/** The link came back: comments typed but not acknowledged are sent again. */
export function resendComments(): void {
  const { dirty, status } = $callComments.get()
  if (dirty && status !== 'pending' && status !== 'tooLong') void saveComments()
}

/** Forgets the comments (the call ended). */
export function resetComments(): void {
  clock.clearTimeout(timer)
  $callComments.set(EMPTY)
}

onCallCleanup(resetComments)
