import type { ExchangeEvents } from '../../services/transfer/file-exchange'
import { $beamports, beamportExchange, beamportPeers } from './beamport'
import { onCallCleanup } from './call-scope'
import { readTextPreview, type TextPreview } from '../../services/transfer/text-preview'
import { saveToServer } from './file-save'
import { TransferList, type TransferItem } from './transfer-list'

export {
  canPreview,
  canSave,
  previewKind,
  wasCancelled,
  type PreviewKind,
  type TransferItem,
} from './transfer-list'
export type { TextPreview } from '../../services/transfer/text-preview'

const files = new TransferList()

/** The files view's list (SPEC §2, §3 file item states): received from and sent to the customer. */
export const $files = files.$items

/** What the files channel's exchange with a peer does to the list (the call hands it to the beamports). */
export function filesExchangeEvents(peerId: string): ExchangeEvents {
  return files.events(peerId)
}

/**
 * Sends files to every customer the files channel is connected to (one item per file and peer).
 * False when no channel is open.
 *
 * @example
 * sendFiles([...input.files])
 */
export function sendFiles(list: readonly File[]): boolean {
  const peers = beamportPeers('files')
  if (peers.length === 0) return false
  for (const file of list)
    for (const peerId of peers) {
      const id = crypto.randomUUID()
      files.addOutgoing(id, peerId, file)
      beamportExchange('files', peerId).send(file, id, file.name)
    }
  return true
}

function exchangeOf(item: TransferItem) {
  return beamportExchange('files', item.peerId)
}

/** Stops a file moving either way, on both sides. */
export function cancelFile(id: string): void {
  const item = files.item(id)
  if (item && (item.state === 'receiving' || item.state === 'sending')) exchangeOf(item).cancel(id)
}

/** Tries a failed file again: sends it again, or asks the customer to. */
export function retryFile(id: string): void {
  const item = files.item(id)
  if (item?.state !== 'failed' || !exchangeOf(item).retry(id)) return
  files.restartMeter(id, 0)
  files.patch(id, {
    state: item.direction === 'in' ? 'receiving' : 'sending',
    bytes: 0,
    error: null,
  })
}

/** Deletes a file from the list: its bytes are freed, a transfer still moving stops. */
export function deleteFile(id: string): void {
  const item = files.item(id)
  if (!item || item.state === 'deleted' || item.state === 'saving') return
  exchangeOf(item).forget(id)
  files.release(id)
}

/** Saves a received file on the server (authorization, then upload). */
export function saveFile(id: string): Promise<void> {
  return saveToServer(files, id)
}

/** An object URL of a file to preview or download (typed so that only images, PDF, audio and video render). */
export function fileUrl(id: string): string | null {
  return files.url(id)
}

/**
 * The start of a received plain-text file, read as text for the preview (the first 256 KiB); null when
 * its bytes are gone (deleted) or cannot be read.
 */
export async function fileText(id: string): Promise<TextPreview | null> {
  const blob = files.blob(id)
  if (!blob) return null
  try {
    return await readTextPreview(blob)
  } catch {
    // The bytes behind it went away (an OPFS file removed): the dialog says it cannot be shown.
    return null
  }
}

// A customer gone from the channel: what was moving waits for them, then fails.
let connected: string[] = []
$beamports.listen(({ files: status }) => {
  for (const peerId of connected)
    if (!status.peers.includes(peerId))
      files.interrupt(peerId, (id) => beamportExchange('files', peerId).cancel(id))
  connected = status.peers
})

onCallCleanup(() => {
  connected = []
  files.reset()
})
