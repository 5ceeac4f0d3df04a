import { atom, onMount } from 'nanostores'
import {
  HTTP_PATHS,
  OkSchema,
  RecordingBackupSchema,
  RecordingBackupsResponseSchema,
  type RecordingBackup,
} from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { HttpError } from '../../services/http'
import { downloadLink } from '../../services/file-download'
import { api } from '../session/connection'
import { $config } from '../app/config'
import { notify } from '../app/toasts'
import { failureReason } from '../app/failure-reason'

/** While a backup is being prepared, the list is read again this often (its progress). */
export const BACKUPS_REFRESH_MS = 2_000

/** The backups page. */
export interface RecordingBackupsState {
  backups: RecordingBackup[]
  loading: boolean
  /** Why the list could not be loaded. */
  error: { kind: 'forbidden' } | { kind: 'failed'; reason: string | null } | null
  /** A request on its way. */
  requesting: boolean
  /** Why the form was refused (a translated message id, or the server's reason). */
  requestProblem:
    | { messageId: 'backups.missingDates' | 'recordings.filter.badRange' | 'backups.inProgress' }
    | { reason: string | null }
    | null
}

const INITIAL: RecordingBackupsState = {
  backups: [],
  loading: false,
  error: null,
  requesting: false,
  requestProblem: null,
}

/** The agent's recordings backups (`/profile/recordings/backups`). */
export const $recordingBackups = atom<RecordingBackupsState>(INITIAL)

let timer: TimerId | undefined
let sequence = 0

const patch = (next: Partial<RecordingBackupsState>) =>
  $recordingBackups.set({ ...$recordingBackups.get(), ...next })

/** Loads the list; while one is being prepared, again every 2 s. */
export async function loadRecordingBackups(): Promise<void> {
  const mine = ++sequence
  clock.clearTimeout(timer)
  patch({ loading: true })
  try {
    const { data } = await api().get(HTTP_PATHS.recordingBackups, { schema: RecordingBackupsResponseSchema })
    if (mine !== sequence) return
    patch({ backups: data, loading: false, error: null })
    if (data.some((backup) => backup.status === 'queued' || backup.status === 'building'))
      timer = clock.setTimeout(() => void loadRecordingBackups(), BACKUPS_REFRESH_MS)
  } catch (error) {
    if (mine !== sequence) return
    patch({
      loading: false,
      error:
        error instanceof HttpError && error.status === 403
          ? { kind: 'forbidden' }
          : { kind: 'failed', reason: failureReason(error) },
    })
  }
}

/**
 * Asks for a backup of the recordings started between two days (`YYYY-MM-DD`, both included) in the
 * agent's time zone; the server prepares it in the background.
 */
export async function requestRecordingBackup(from: string, to: string): Promise<boolean> {
  // One request at a time: a second press while the first is on its way sends nothing.
  if ($recordingBackups.get().requesting) return false
  if (!from || !to) {
    patch({ requestProblem: { messageId: 'backups.missingDates' } })
    return false
  }
  if (from > to) {
    patch({ requestProblem: { messageId: 'recordings.filter.badRange' } })
    return false
  }
  patch({ requesting: true, requestProblem: null })
  try {
    await api().post(HTTP_PATHS.recordingBackups, {
      body: { from, to, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      schema: RecordingBackupSchema,
    })
    patch({ requesting: false })
    notify({ variant: 'success', messageId: 'backups.requested' })
    await loadRecordingBackups()
    return true
  } catch (error) {
    // One backup at a time (each is a full copy): the agent is told in their words, not the server's.
    const inProgress =
      error instanceof HttpError &&
      (error.body as { reason?: unknown } | null)?.reason === 'backup-in-progress'
    patch({
      requesting: false,
      requestProblem: inProgress ? { messageId: 'backups.inProgress' } : { reason: failureReason(error) },
    })
    return false
  }
}

/** Downloads a ready backup's zip. */
export function downloadRecordingBackup(backup: RecordingBackup): void {
  if (!backup.downloadUrl) return
  downloadLink(
    `${$config.get().apiUrl.replace(/\/+$/, '')}${backup.downloadUrl}`,
    `recordings-${backup.from}-${backup.to}.zip`,
  )
}

/** Backups with a delete on its way: a second press sends nothing more. */
const deleting = new Set<string>()

/** Deletes a backup (before its 7 days are over); a failure says so in a toast and keeps the row. */
export async function deleteRecordingBackup(backup: RecordingBackup): Promise<void> {
  if (deleting.has(backup.id)) return
  deleting.add(backup.id)
  try {
    await api().delete(HTTP_PATHS.recordingBackup(backup.id), { schema: OkSchema })
  } catch (error) {
    const reason = failureReason(error)
    notify(
      reason === null
        ? { variant: 'danger', messageId: 'backups.deleteUnreachable' }
        : { variant: 'danger', messageId: 'backups.deleteFailed', values: { reason } },
    )
  } finally {
    deleting.delete(backup.id)
  }
  await loadRecordingBackups()
}

onMount($recordingBackups, () => () => {
  sequence++
  deleting.clear()
  clock.clearTimeout(timer)
  $recordingBackups.set(INITIAL)
})
