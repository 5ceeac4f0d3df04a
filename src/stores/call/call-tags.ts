import { atom } from 'nanostores'
import { SetTagsSchema, type Tag } from '../../protocol'
import { SAVE_RETRY_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { isNotSent, isUnanswered } from '../../services/socket'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { onCallCleanup } from './call-scope'

/** Tags of the active call. */
export interface CallTags {
  /** Tags the agent may choose from. */
  available: Tag[]
  /** Ids of the chosen tags, as the agent sees them. */
  selected: string[]
  /** Hang-up needs at least one tag (the server refuses it otherwise). */
  mandatory: boolean
  /** A change is on its way to the server. */
  saving: boolean
  /** The choice got no answer, or the link was down: it stays chosen and is sent again. */
  unsaved: boolean
}

const EMPTY: CallTags = { available: [], selected: [], mandatory: false, saving: false, unsaved: false }

/** Tags of the active call. */
export const $callTags = atom<CallTags>(EMPTY)

let sequence = 0
let retry: TimerId | undefined
/** The last choice the server acknowledged: a refusal puts it back. */
let accepted: string[] = []

/** Takes the call's tags as the server knows them (join, rejoin). */
export function startTags(available: readonly Tag[], selected: readonly string[], mandatory: boolean): void {
  clock.clearTimeout(retry)
  sequence++
  accepted = [...selected]
  $callTags.set({
    available: [...available],
    selected: [...selected],
    mandatory,
    saving: false,
    unsaved: false,
  })
}

/**
 * Back in the call (`rejoin`): a choice not acknowledged yet is sent again, one on its way is awaited;
 * otherwise the server's tags are taken, as they may have been saved after all.
 */
export function rejoinTags(available: readonly Tag[], selected: readonly string[], mandatory: boolean): void {
  const tags = $callTags.get()
  if (!tags.unsaved && !tags.saving) return startTags(available, selected, mandatory)
  $callTags.set({ ...tags, available: [...available], mandatory })
  if (tags.unsaved) void chooseTags(tags.selected)
}

/**
 * Chooses the call's tags (replaces the choice) and sends them with `set:tags`. The choice shows at
 * once; if the server refuses it, the last choice it accepted comes back with a warning. With no answer
 * or no link it stays, said once, and is sent again {@link SAVE_RETRY_MS} later and after a rejoin.
 *
 * @example
 * await chooseTags(['64b7f0c2a1b2c3d4e5f60718'])
 */
export async function chooseTags(ids: readonly string[]): Promise<void> {
  clock.clearTimeout(retry)
  const mine = ++sequence
  $callTags.set({ ...$callTags.get(), selected: [...ids], saving: true })
  try {
    const saved = await realtime().request('set:tags', { tags: [...ids] }, SetTagsSchema)
    if (mine !== sequence) return
    accepted = saved.tags
    $callTags.set({ ...$callTags.get(), selected: saved.tags, saving: false, unsaved: false })
  } catch (error) {
    if (mine !== sequence) return
    const noAnswer = isUnanswered(error)
    if (noAnswer || isNotSent(error)) {
      // The server may have it, or never got it: the choice replaces the last one, so sending it again is safe.
      if (!$callTags.get().unsaved)
        notify({ variant: 'warning', messageId: noAnswer ? 'call.tags.noAnswer' : 'call.tags.notSent' })
      $callTags.set({ ...$callTags.get(), saving: false, unsaved: true })
      retry = clock.setTimeout(() => void chooseTags($callTags.get().selected), SAVE_RETRY_MS)
      return
    }
    $callTags.set({ ...$callTags.get(), selected: accepted, saving: false, unsaved: false })
    notify({ variant: 'warning', messageId: 'call.tags.saveError' })
  }
}

/** Forgets the tags (the call ended). */
export function resetTags(): void {
  clock.clearTimeout(retry)
  sequence++
  accepted = []
  $callTags.set(EMPTY)
}

onCallCleanup(resetTags)
