import { atom } from 'nanostores'
import { HTTP_PATHS, PLAYABLE_RECORDING_STATUSES, RecordingSchema, type Recording } from '../../protocol'
import { HttpError } from '../../services/http'
import { downloadLink } from '../../services/file-download'
import { api } from '../session/connection'
import { $config } from '../app/config'
import { notify } from '../app/toasts'
import { navigate } from '../shell/router'
import { failureReason } from '../app/failure-reason'

/** The recording in the player. */
export type RecordingPlayerState =
  | { phase: 'closed' }
  | { phase: 'loading'; id: string }
  | { phase: 'ready'; recording: Recording; mediaUrl: string | null }
  | { phase: 'not-found'; id: string }
  | { phase: 'failed'; id: string; reason: string | null }

/** The player (a dialog over the Recordings page; the route `/recordings/{id}` opens it). */
export const $recordingPlayer = atom<RecordingPlayerState>({ phase: 'closed' })

let sequence = 0

/** A media path of the API (`/recordings/…/media?token=`) as a URL the browser can load. */
function apiUrl(path: string): string {
  return `${$config.get().apiUrl.replace(/\/+$/, '')}${path}`
}

/** Whether a recording's media can be played (stored and finalised). */
export function isPlayable(recording: Pick<Recording, 'type' | 'status'>): boolean {
  return recording.type === 'cloud' && PLAYABLE_RECORDING_STATUSES.includes(recording.status)
}

/**
 * Opens a recording in the player: its metadata and a media URL that streams with Range requests.
 * A recording still in progress shows why it cannot be played yet; an unknown one says 'Recording
 * not found'.
 */
export async function openRecordingPlayer(id: string): Promise<void> {
  const mine = ++sequence
  $recordingPlayer.set({ phase: 'loading', id })
  try {
    const recording = await api().get(HTTP_PATHS.recording(id), { schema: RecordingSchema })
    if (mine !== sequence) return
    $recordingPlayer.set({
      phase: 'ready',
      recording,
      mediaUrl: recording.mediaUrl && isPlayable(recording) ? apiUrl(recording.mediaUrl) : null,
    })
  } catch (error) {
    if (mine !== sequence) return
    if (error instanceof HttpError && (error.status === 404 || error.status === 400))
      $recordingPlayer.set({ phase: 'not-found', id })
    else $recordingPlayer.set({ phase: 'failed', id, reason: failureReason(error) })
  }
}

/**
 * The route of a recording in the player: `/recordings/{id}` (the Recordings page opens its player on
 * it). Stable: the History page links a call's recordings here.
 *
 * @example
 * navigate(recordingPath(recording.id))
 */
export function recordingPath(id: string): string {
  return `/recordings/${encodeURIComponent(id)}`
}

/** Shows a recording in the player (its route). */
export function showRecording(id: string): void {
  navigate(recordingPath(id))
}

/** Closes the player. */
export function closeRecordingPlayer(): void {
  sequence++
  $recordingPlayer.set({ phase: 'closed' })
}

/** Downloads a recording's file (its media URL as an attachment). */
export async function downloadRecording(recording: Recording): Promise<void> {
  try {
    const fresh = await api().get(HTTP_PATHS.recording(recording.id), { schema: RecordingSchema })
    if (!fresh.mediaUrl) throw new Error('no media')
    downloadLink(`${apiUrl(fresh.mediaUrl)}&download=1`, `recording-${recording.id}.webm`)
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      notify({ variant: 'danger', messageId: 'recordings.notFound' })
    else {
      const reason = failureReason(error)
      notify(
        reason === null
          ? { variant: 'danger', messageId: 'recordings.loadUnreachable' }
          : { variant: 'danger', messageId: 'recordings.loadFailed', values: { reason } },
      )
    }
  }
}
