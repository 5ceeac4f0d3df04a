import { atom } from 'nanostores'
import { CallHistoryDetailSchema, HTTP_PATHS, type CallHistoryDetail, type CallFile } from '../../protocol'
import { HttpError } from '../../services/http'
import { saveFile } from '../../services/download'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'

/** One call of the history, opened: loading, shown, not found (not the agent's), or failed. */
export type CallDetailState =
  | { status: 'idle' }
  | { status: 'loading'; id: string }
  | { status: 'loaded'; id: string; detail: CallHistoryDetail }
  | { status: 'missing'; id: string }
  | { status: 'failed'; id: string }

/** The call opened from the history. */
export const $callDetail = atom<CallDetailState>({ status: 'idle' })

/** Saved files being downloaded, and those whose download failed, by id. */
export const $fileDownloads = atom<Record<string, 'downloading' | 'failed'>>({})

/**
 * Opens a call of the agent's history.
 *
 * @example
 * await loadCallDetail(callId)
 */
export async function loadCallDetail(id: string): Promise<void> {
  $callDetail.set({ status: 'loading', id })
  $fileDownloads.set({})
  try {
    const detail = await api().get(HTTP_PATHS.call(id), { schema: CallHistoryDetailSchema })
    if (currentId() === id) $callDetail.set({ status: 'loaded', id, detail })
  } catch (error) {
    if (currentId() !== id) return
    const missing = error instanceof HttpError && error.status === 404
    if (!missing) console.warn('[agent-console] call detail could not be loaded', error)
    $callDetail.set({ status: missing ? 'missing' : 'failed', id })
  }
}

function currentId(): string | null {
  const state = $callDetail.get()
  return state.status === 'idle' ? null : state.id
}

/**
 * Downloads a file saved during the call (with the agent's token) and hands it to the browser.
 *
 * @example
 * await downloadSavedFile(detail.files[0])
 */
export async function downloadSavedFile(file: CallFile): Promise<void> {
  $fileDownloads.set({ ...$fileDownloads.get(), [file.id]: 'downloading' })
  try {
    const blob = (await api().get(HTTP_PATHS.file(file.id), { responseType: 'blob' })) as Blob
    saveFile(file.name, blob)
    const { [file.id]: _done, ...rest } = $fileDownloads.get()
    $fileDownloads.set(rest)
  } catch (error) {
    console.warn('[agent-console] the file could not be downloaded', error)
    $fileDownloads.set({ ...$fileDownloads.get(), [file.id]: 'failed' })
  }
}

onLogout(() => {
  $callDetail.set({ status: 'idle' })
  $fileDownloads.set({})
})
