import { atom, type ReadableAtom } from 'nanostores'
import { TRANSFER_PROGRESS_REFRESH_MS, TRANSFER_RESUME_WINDOW_MS } from '../../constants'
import {
  UNKNOWN_TYPE,
  isPreviewableType,
  isSaveableType,
  isTextPreviewable,
  normalizeType,
  safeFileName,
  type BeamOffer,
  type FileItemState,
} from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import type { MessageId } from '../../services/messages'
import type {
  ExchangeEvents,
  TransferDirection,
  TransferFailure,
} from '../../services/transfer/file-exchange'
import type { StoredFile } from '../../services/transfer/sinks'
import { RateMeter } from './transfer-rate'

/** A file in the call's lists (files view, capture gallery). */
export interface TransferItem {
  /** The transfer id (chosen by the sender). */
  id: string
  /** The other side of the transfer. */
  peerId: string
  /** `in`: from the customer; `out`: the agent sends it. */
  direction: TransferDirection
  /** Cleaned for display: no control or bidi characters. Shown as text, never markup. */
  name: string
  /** MIME type as declared by the sender (normalized). */
  type: string
  size: number
  state: FileItemState
  /** Bytes moved so far (received, sent, or uploaded while saving). */
  bytes: number
  /** Bytes per second, while moving. */
  speed: number | null
  /** Time left, while moving. */
  remainingMs: number | null
  /** Why it failed, or the note of a failed save (the item then is back to received). */
  error: MessageId | null
  /** The link dropped mid-transfer: it resumes when the peer is back. */
  interrupted: boolean
  /** Id of the copy saved on the server, once saved. */
  savedId: string | null
  /** When it was offered (a capture: when it was taken). */
  at: number
}

const FAILURES: Record<TransferFailure, MessageId> = {
  crc: 'call.files.errors.crc',
  cancelled: 'call.files.errors.cancelled',
  'cancelled-by-peer': 'call.files.errors.cancelledByPeer',
  unreadable: 'call.files.errors.unreadable',
  storage: 'call.files.errors.storage',
  broken: 'call.files.errors.broken',
}

interface Held {
  blob: Blob
  release(): void
  url?: string
}

/**
 * One list of files moving peer to peer (the files view's, or the capture gallery's): its atom, what
 * each item holds (a streamed Blob or an OPFS file, never a heap buffer), progress with speed and time left,
 * and the exchange events that drive it. The store that owns the list adds its own actions.
 */
export class TransferList {
  readonly #items = atom<TransferItem[]>([])
  readonly #held = new Map<string, Held>()
  readonly #meters = new Map<string, RateMeter>()
  readonly #published = new Map<string, number>()
  readonly #resumeTimers = new Map<string, TimerId>()

  /** Called when an incoming file is offered (capture: the customer answered). */
  onIncoming: (item: TransferItem) => void = () => undefined

  /** The items, newest last. */
  get $items(): ReadableAtom<TransferItem[]> {
    return this.#items
  }

  /** One item. */
  item(id: string): TransferItem | undefined {
    return this.#items.get().find((item) => item.id === id)
  }

  /** Changes one item. */
  patch(id: string, patch: Partial<TransferItem>): void {
    this.#items.set(this.#items.get().map((item) => (item.id === id ? { ...item, ...patch } : item)))
  }

  /** Adds a file the agent sends. */
  addOutgoing(id: string, peerId: string, file: File): void {
    this.#add({
      id,
      peerId,
      direction: 'out',
      name: safeFileName(file.name),
      type: normalizeType(file.type),
      size: file.size,
      state: 'sending',
      at: clock.now(),
    })
    this.#held.set(id, { blob: file, release: () => undefined })
  }

  #add(
    fields: Pick<TransferItem, 'id' | 'peerId' | 'direction' | 'name' | 'type' | 'size' | 'state' | 'at'>,
  ) {
    const item: TransferItem = {
      ...fields,
      bytes: 0,
      speed: null,
      remainingMs: null,
      error: null,
      interrupted: false,
      savedId: null,
    }
    this.#meters.set(item.id, new RateMeter(0, clock.now()))
    this.#published.delete(item.id)
    const list = this.#items.get()
    // Offered again (a retry): the item starts over where it stands in the list.
    this.#items.set(
      list.some((old) => old.id === item.id)
        ? list.map((old) => (old.id === item.id ? item : old))
        : [...list, item],
    )
  }

  /** The bytes of an item (received, or the agent's own file), typed safely: see `url`. */
  blob(id: string): Blob | null {
    return this.#held.get(id)?.blob ?? null
  }

  /**
   * An object URL of an item's bytes for preview or download. Only previewable types keep their type;
   * anything else is `application/octet-stream`, so a browser never renders it (HTML, SVG, XML…).
   */
  url(id: string): string | null {
    const held = this.#held.get(id)
    const item = this.item(id)
    if (!held || !item) return null
    if (!held.url) {
      const type = isPreviewableType(item.type) ? normalizeType(item.type) : UNKNOWN_TYPE
      held.url = URL.createObjectURL(held.blob.slice(0, held.blob.size, type))
    }
    return held.url
  }

  /** Marks an item deleted and frees what it held. */
  release(id: string): void {
    this.#free(id)
    this.patch(id, { state: 'deleted', speed: null, remainingMs: null, interrupted: false })
  }

  #free(id: string): void {
    const held = this.#held.get(id)
    if (held?.url) URL.revokeObjectURL(held.url)
    held?.release()
    this.#held.delete(id)
    clock.clearTimeout(this.#resumeTimers.get(id))
    this.#resumeTimers.delete(id)
  }

  /** Progress of a move (transfer or upload): bytes now, speed and time left at most 4 times a second. */
  progress(id: string, bytes: number, force = false): void {
    const item = this.item(id)
    const meter = this.#meters.get(id)
    if (!item || !meter) return
    const now = clock.now()
    const rate = meter.sample(bytes, now, item.size)
    if (!force && now - (this.#published.get(id) ?? -Infinity) < TRANSFER_PROGRESS_REFRESH_MS) return
    this.#published.set(id, now)
    this.patch(id, { bytes, ...rate })
  }

  /** Starts measuring a new move (a save, a retry) from `bytes`. */
  restartMeter(id: string, bytes: number): void {
    this.#meters.set(id, new RateMeter(bytes, clock.now()))
    this.#published.delete(id)
  }

  /**
   * The link to a peer dropped: its moving items wait to resume, and fail if the peer is not back within
   * the resume window. `cancel` tells the exchange to stop them.
   */
  interrupt(peerId: string, cancel: (id: string) => void): void {
    for (const item of this.#items.get())
      if (item.peerId === peerId && (item.state === 'receiving' || item.state === 'sending')) {
        this.patch(item.id, { interrupted: true, speed: null, remainingMs: null })
        clock.clearTimeout(this.#resumeTimers.get(item.id))
        this.#resumeTimers.set(
          item.id,
          clock.setTimeout(() => {
            this.#resumeTimers.delete(item.id)
            if (!this.item(item.id)?.interrupted) return
            cancel(item.id)
            this.patch(item.id, {
              state: 'failed',
              interrupted: false,
              error: 'call.files.errors.connectionLost',
            })
          }, TRANSFER_RESUME_WINDOW_MS),
        )
      }
  }

  /** The link to a peer is back: nothing of it is waiting any more. */
  resume(peerId: string): void {
    for (const item of this.#items.get())
      if (item.peerId === peerId && item.interrupted) {
        clock.clearTimeout(this.#resumeTimers.get(item.id))
        this.#resumeTimers.delete(item.id)
        this.restartMeter(item.id, item.bytes)
        this.patch(item.id, { interrupted: false })
      }
  }

  /** What the exchange with `peerId` does to this list. */
  events(peerId: string): ExchangeEvents {
    return {
      incoming: (offer: BeamOffer, resumed: boolean) => {
        const known = this.item(offer.id)
        if (known && resumed) {
          this.resume(peerId)
          return
        }
        this.#add({
          id: offer.id,
          peerId,
          direction: 'in',
          name: safeFileName(offer.name),
          type: normalizeType(offer.type),
          size: offer.size,
          state: 'receiving',
          at: known?.at ?? clock.now(),
        })
        this.onIncoming(this.item(offer.id) as TransferItem)
      },
      progress: (id, bytes) => {
        if (this.item(id)?.interrupted) this.resume(peerId)
        this.progress(id, bytes)
      },
      received: (id, stored: StoredFile) => {
        this.#held.set(id, { blob: stored.blob, release: stored.release })
        this.patch(id, { state: 'received', bytes: stored.blob.size, speed: null, remainingMs: null })
      },
      sent: (id) => {
        this.patch(id, { state: 'sent', bytes: this.item(id)?.size ?? 0, speed: null, remainingMs: null })
      },
      failed: (id, reason) => {
        if (this.item(id)?.state === 'deleted') return
        this.patch(id, {
          state: 'failed',
          error: FAILURES[reason],
          speed: null,
          remainingMs: null,
          interrupted: false,
        })
      },
    }
  }

  /** Forgets everything (the call ended). */
  reset(): void {
    for (const id of [...this.#held.keys()]) this.#free(id)
    for (const timer of this.#resumeTimers.values()) clock.clearTimeout(timer)
    this.#resumeTimers.clear()
    this.#meters.clear()
    this.#published.clear()
    this.#items.set([])
  }
}

/** How an item is shown inline: its bytes as an image, PDF, audio or video, or read as plain text. */
export type PreviewKind = 'image' | 'pdf' | 'audio' | 'video' | 'text'

/**
 * How an item can be shown inline, once its bytes are here: images, PDF, audio and video by the
 * allow-list; plain text (by type, or by extension when no type came) as text; anything else not at all.
 */
export function previewKind(item: TransferItem): PreviewKind | null {
  if (item.state !== 'received') return null
  if (isPreviewableType(item.type)) {
    if (item.type === 'application/pdf') return 'pdf'
    const kind = item.type.split('/')[0]
    return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : null
  }
  return isTextPreviewable(item.type, item.name) ? 'text' : null
}

/** Whether an item can be shown inline (see `previewKind`). */
export function canPreview(item: TransferItem): boolean {
  return previewKind(item) !== null
}

/** Whether a failed item was stopped by a cancel (here or by the other side), not by an error. */
export function wasCancelled(item: TransferItem): boolean {
  return (
    item.state === 'failed' &&
    (item.error === FAILURES.cancelled || item.error === FAILURES['cancelled-by-peer'])
  )
}

/** Whether an item can be saved on the server: received, of an allowed type, not saved yet. */
export function canSave(item: TransferItem): boolean {
  return item.state === 'received' && item.direction === 'in' && !item.savedId && isSaveableType(item.type)
}
