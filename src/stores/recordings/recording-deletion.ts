import { atom } from 'nanostores'
import { HTTP_PATHS, OkSchema, type Recording } from '../../protocol'
import { api } from '../session/connection'
import { notify } from '../app/toasts'
import { loadRecordings } from './recordings-list'
import { failureReason } from '../app/failure-reason'

/** A deletion the agent asked for: which recordings, and how far it got. */
export interface RecordingDeletion {
  /** The recordings to delete, in order. */
  targets: Recording[]
  /** Waiting for the agent's confirmation, deleting, or over. */
  phase: 'confirming' | 'deleting' | 'done'
  /** Those deleted so far. */
  deleted: Recording[]
  /** Where it stopped and why. */
  failure: { recording: Recording; reason: string | null } | null
}

/** The deletion on screen (the confirmation dialog and its progress), null when none. */
export const $recordingDeletion = atom<RecordingDeletion | null>(null)

/** The recordings ticked in the table, by id. */
export const $selectedRecordings = atom<ReadonlySet<string>>(new Set())

/** Ticks or unticks one recording. */
export function toggleRecordingSelection(id: string, selected: boolean): void {
  const next = new Set($selectedRecordings.get())
  if (selected) next.add(id)
  else next.delete(id)
  $selectedRecordings.set(next)
}

/** Ticks or unticks several (a page). */
export function selectRecordings(ids: readonly string[], selected: boolean): void {
  const next = new Set($selectedRecordings.get())
  for (const id of ids) {
    if (selected) next.add(id)
    else next.delete(id)
  }
  $selectedRecordings.set(next)
}

/** Unticks everything. */
export function clearRecordingSelection(): void {
  $selectedRecordings.set(new Set())
}

/** Asks to confirm the deletion of these recordings (one, or the ticked ones). */
export function askToDeleteRecordings(targets: Recording[]): void {
  if (targets.length === 0 || $recordingDeletion.get()?.phase === 'deleting') return
  $recordingDeletion.set({ targets, phase: 'confirming', deleted: [], failure: null })
}

/** The agent changed their mind (or closed the result). */
export function closeRecordingDeletion(): void {
  if ($recordingDeletion.get()?.phase !== 'deleting') $recordingDeletion.set(null)
}

/**
 * Deletes the confirmed recordings one after the other (SPEC §7: bulk delete runs sequentially),
 * publishing the progress; a failure stops there and says which were deleted. The list is reloaded
 * after, whatever happened.
 *
 * @example
 * askToDeleteRecordings(rows); await confirmRecordingDeletion()
 */
export async function confirmRecordingDeletion(): Promise<void> {
  const asked = $recordingDeletion.get()
  if (!asked || asked.phase !== 'confirming') return
  let state: RecordingDeletion = { ...asked, phase: 'deleting' }
  $recordingDeletion.set(state)
  for (const recording of asked.targets) {
    try {
      await api().delete(HTTP_PATHS.recording(recording.id), { schema: OkSchema })
      state = { ...state, deleted: [...state.deleted, recording] }
      $recordingDeletion.set(state)
    } catch (error) {
      state = { ...state, failure: { recording, reason: failureReason(error) } }
      break
    }
  }
  const gone = new Set(state.deleted.map((recording) => recording.id))
  $selectedRecordings.set(new Set([...$selectedRecordings.get()].filter((id) => !gone.has(id))))
  if (state.failure) $recordingDeletion.set({ ...state, phase: 'done' })
  else {
    $recordingDeletion.set(null)
    notify({ variant: 'success', messageId: 'recordings.deleted', values: { count: state.deleted.length } })
  }
  await loadRecordings()
}
