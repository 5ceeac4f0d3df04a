import { atom } from 'nanostores'
import { SetTagsSchema, type Tag } from '../../protocol'
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
}

const EMPTY: CallTags = { available: [], selected: [], mandatory: false, saving: false }

/** Tags of the active call. */
export const $callTags = atom<CallTags>(EMPTY)

/** Takes the call's tags as the server knows them (join, rejoin). */
export function startTags(available: readonly Tag[], selected: readonly string[], mandatory: boolean): void {
  $callTags.set({ available: [...available], selected: [...selected], mandatory, saving: false })
}

let sequence = 0

/**
 * Chooses the call's tags (replaces the choice) and sends them with `set:tags`. The choice shows at
 * once; if the server refuses it, the last choice it accepted comes back with a warning.
 *
 * @example
 * await chooseTags(['64b7f0c2a1b2c3d4e5f60718'])
 */
export async function chooseTags(ids: readonly string[]): Promise<void> {
  const before = $callTags.get().selected
  const mine = ++sequence
  $callTags.set({ ...$callTags.get(), selected: [...ids], saving: true })
  try {
    const saved = await realtime().request('set:tags', { tags: [...ids] }, SetTagsSchema)
    if (mine === sequence) $callTags.set({ ...$callTags.get(), selected: saved.tags, saving: false })
  } catch {
    if (mine !== sequence) return
    $callTags.set({ ...$callTags.get(), selected: before, saving: false })
    notify({ variant: 'warning', messageId: 'call.tags.saveError' })
  }
}

/** Forgets the tags (the call ended). */
export function resetTags(): void {
  sequence++
  $callTags.set(EMPTY)
}

onCallCleanup(resetTags)
