import { normalizeType, parseBeamMessage, type BeamMessage, type BeamOffer } from '../../protocol'
import type { FrameChannel } from './channel'
import { IncomingFile } from './incoming'
import { crcOfPrefix, sendBytes, type SendTarget } from './outgoing'
import type { StoredFile } from './sinks'

/** Which way a file goes, seen from this side. */
export type TransferDirection = 'in' | 'out'

/** Why a file did not make it. */
export type TransferFailure =
  /** The bytes that arrived do not match the sender's CRC-32. */
  | 'crc'
  /** Stopped on this side. */
  | 'cancelled'
  /** Stopped on the other side. */
  | 'cancelled-by-peer'
  /** The file could not be read (changed or removed on disk). */
  | 'unreadable'
  /** The browser could not store what arrived. */
  | 'storage'
  /** The other side broke the protocol (more bytes than announced). */
  | 'broken'

/** What an exchange tells its owner. */
export interface ExchangeEvents {
  /** A file is offered (new), or offered again after a reconnect or a retry (`resumed` when bytes are kept). */
  incoming(offer: BeamOffer, resumed: boolean): void
  /** Bytes moved: received so far, or sent so far. */
  progress(id: string, bytes: number, direction: TransferDirection): void
  /** An incoming file arrived whole and intact. */
  received(id: string, file: StoredFile): void
  /** The other side checked an outgoing file and has it intact. */
  sent(id: string): void
  failed(id: string, reason: TransferFailure, direction: TransferDirection): void
  /** The other side reported a capture it could not take (capture channel). */
  captureError?(reason: 'denied' | 'failed'): void
}

interface Outgoing {
  offer: BeamOffer
  file: Blob
  state: 'queued' | 'active' | 'done' | 'failed'
  stop: () => void
  stopped: Promise<void>
}

type Answer = Extract<BeamMessage, { t: 'accept' | 'verified' }> | null

function stopper(): { stop: () => void; stopped: Promise<void> } {
  let stop = () => undefined as void
  const stopped = new Promise<void>((resolve) => (stop = resolve))
  return { stop, stopped }
}

/**
 * Both directions of files with one peer on one beamport channel (SPEC §4, protocol in
 * `protocol/beamport.ts`): a queue of files to send, one at a time with back-pressure and a CRC-32
 * computed while reading; files received into a streamed Blob or OPFS with a CRC-32 computed while
 * receiving, checked at the end. It outlives its channel: `detach` when the link drops, `attach` the
 * next one, and each side carries on where the bytes stopped.
 *
 * @example
 * const exchange = new FileExchange(events)
 * exchange.attach(channel)
 * channel.onmessage = (event) => exchange.receive(event.data)
 * exchange.send(file, crypto.randomUUID())
 */
export class FileExchange {
  #channel: FrameChannel | null = null
  #link = 0
  #linkStop = stopper()
  readonly #outgoing = new Map<string, Outgoing>()
  #sending: Outgoing | null = null
  readonly #answers = new Map<string, (answer: Answer) => void>()
  readonly #incoming = new Map<string, IncomingFile>()
  #current: IncomingFile | null = null
  /** Cancels asked while no channel was attached: they go out first on the next one. */
  #pendingCancels = new Set<string>()
  /** Files deleted here: offered again, they are refused. */
  readonly #forgotten = new Set<string>()

  constructor(
    private readonly events: ExchangeEvents,
    /** Incoming files from this size on go to OPFS (default `OPFS_FROM_BYTES`). */
    private readonly opfsFrom?: number,
  ) {}

  /** Whether a channel is attached. */
  get attached(): boolean {
    return this.#channel !== null
  }

  /** A channel is up: files waiting (or cut short) go out again. The channel attached already: nothing. */
  attach(channel: FrameChannel): void {
    if (channel === this.#channel) return
    this.detach()
    this.#channel = channel
    this.#link += 1
    for (const id of this.#pendingCancels) this.post({ t: 'cancel', id })
    this.#pendingCancels.clear()
    void this.#pump()
  }

  /** The channel went away: sending pauses, bytes received so far are kept for a resume. */
  detach(): void {
    if (!this.#channel) return
    this.#channel = null
    this.#link += 1
    this.#linkStop.stop()
    this.#linkStop = stopper()
    for (const answer of this.#answers.values()) answer(null)
    this.#answers.clear()
    this.#current = null
  }

  /** Queues a file to send; resolves nothing, the events tell. */
  send(file: Blob, id: string, name: string): void {
    const offer: BeamOffer = { t: 'offer', id, name, type: normalizeType(file.type), size: file.size }
    this.#outgoing.set(id, { offer, file, state: 'queued', ...stopper() })
    void this.#pump()
  }

  /** Sends a control message (e.g. `capture:error`); false when no channel is attached. */
  post(message: BeamMessage): boolean {
    if (!this.#channel) return false
    try {
      this.#channel.send(JSON.stringify(message))
      return true
    } catch {
      // The channel is closing: its close event detaches it.
      return false
    }
  }

  /** A frame from the channel: a control message (text) or bytes of the file coming in (binary). */
  receive(frame: string | ArrayBuffer): void {
    if (typeof frame !== 'string') return this.#chunk(frame)
    const message = parseBeamMessage(frame)
    if (!message) return console.warn('[beamport] dropped a malformed message')
    switch (message.t) {
      case 'offer':
        return this.#offered(message)
      case 'accept':
      case 'verified':
        return this.#answers.get(message.id)?.(message)
      case 'end':
        return void this.#ended(message.id, message.crc32)
      case 'cancel':
        return this.#cancelled(message.id)
      case 'retry':
        return this.#retryAsked(message.id)
      case 'capture:error':
        return this.events.captureError?.(message.reason)
    }
  }

  /** Stops a file, either way, on both sides (the other side hears it now, or when the link is back). */
  cancel(id: string): void {
    const incoming = this.#incoming.get(id)
    if (incoming && (incoming.state === 'receiving' || incoming.state === 'waiting')) {
      this.#tellCancel(id)
      incoming.cancelledHere = true
      this.#failIncoming(incoming, 'cancelled')
    }
    const outgoing = this.#outgoing.get(id)
    if (outgoing && (outgoing.state === 'queued' || outgoing.state === 'active')) {
      this.#tellCancel(id)
      this.#failOutgoing(outgoing, 'cancelled')
    }
  }

  #tellCancel(id: string): void {
    if (!this.post({ t: 'cancel', id })) this.#pendingCancels.add(id)
  }

  /**
   * Starts a failed file over: an outgoing one is queued again; for an incoming one the sender is asked
   * to send it again. False when that is not possible now (no channel for a request, or nothing failed).
   */
  retry(id: string): boolean {
    const outgoing = this.#outgoing.get(id)
    if (outgoing?.state === 'failed') {
      this.#outgoing.delete(id)
      this.#outgoing.set(id, { ...outgoing, state: 'queued', ...stopper() })
      void this.#pump()
      return true
    }
    const incoming = this.#incoming.get(id)
    if (incoming?.state !== 'failed' || !this.post({ t: 'retry', id })) return false
    incoming.drop('waiting')
    return true
  }

  /** Forgets a file (deleted from the list): stops it if it is moving, frees what it held. */
  forget(id: string): void {
    this.cancel(id)
    this.#incoming.get(id)?.drop('failed')
    if (this.#incoming.delete(id)) this.#forgotten.add(id)
    this.#outgoing.delete(id)
  }

  /** Ends everything: detached, every file dropped. */
  close(): void {
    this.detach()
    for (const incoming of this.#incoming.values()) incoming.drop('failed')
    this.#incoming.clear()
    for (const outgoing of this.#outgoing.values()) outgoing.stop()
    this.#outgoing.clear()
    this.#pendingCancels.clear()
  }

  // ── receiving ──────────────────────────────────────────────────────────────────────────────────

  #offered(offer: BeamOffer): void {
    const known = this.#incoming.get(offer.id)
    if (known?.state === 'done') {
      this.post({ t: 'verified', id: offer.id, ok: true })
      return
    }
    if ((known?.state === 'failed' && known.cancelledHere) || this.#forgotten.has(offer.id)) {
      this.post({ t: 'cancel', id: offer.id })
      return
    }
    if (known && known.offer.size !== offer.size) known.drop('failed')
    const file = known && known.offer.size === offer.size ? known : new IncomingFile(offer, this.opfsFrom)
    if (file.state === 'failed') file.drop('waiting')
    const resumed = file === known && known.state === 'receiving'
    file.state = 'receiving'
    this.#incoming.set(offer.id, file)
    this.#current = file
    this.events.incoming(file.offer, resumed)
    this.post({ t: 'accept', id: offer.id, offset: file.received })
  }

  #chunk(chunk: ArrayBuffer): void {
    const file = this.#current
    if (!file || file.state !== 'receiving') return
    if (!file.write(chunk)) {
      this.post({ t: 'cancel', id: file.offer.id })
      return this.#failIncoming(file, 'broken')
    }
    this.events.progress(file.offer.id, file.received, 'in')
  }

  async #ended(id: string, crc32: number): Promise<void> {
    const file = this.#incoming.get(id)
    if (!file || file.state !== 'receiving') return
    if (this.#current === file) this.#current = null
    if (!file.intact(crc32)) {
      this.post({ t: 'verified', id, ok: false })
      return this.#failIncoming(file, 'crc')
    }
    try {
      const stored = await file.finish(normalizeType(file.offer.type))
      this.post({ t: 'verified', id, ok: true })
      this.events.received(id, stored)
    } catch {
      this.post({ t: 'verified', id, ok: false })
      this.#failIncoming(file, 'storage')
    }
  }

  #failIncoming(file: IncomingFile, reason: TransferFailure): void {
    if (this.#current === file) this.#current = null
    file.drop('failed')
    this.events.failed(file.offer.id, reason, 'in')
  }

  // ── sending ────────────────────────────────────────────────────────────────────────────────────

  #cancelled(id: string): void {
    const incoming = this.#incoming.get(id)
    if (incoming && (incoming.state === 'receiving' || incoming.state === 'waiting'))
      this.#failIncoming(incoming, 'cancelled-by-peer')
    const outgoing = this.#outgoing.get(id)
    if (outgoing && (outgoing.state === 'queued' || outgoing.state === 'active'))
      this.#failOutgoing(outgoing, 'cancelled-by-peer')
  }

  #retryAsked(id: string): void {
    if (!this.retry(id) && this.#outgoing.get(id)?.state !== 'queued') this.post({ t: 'cancel', id })
  }

  #failOutgoing(outgoing: Outgoing, reason: TransferFailure): void {
    outgoing.state = 'failed'
    outgoing.stop()
    this.#answers.get(outgoing.offer.id)?.(null)
    this.events.failed(outgoing.offer.id, reason, 'out')
  }

  #answer(id: string): Promise<Answer> {
    return new Promise((resolve) => this.#answers.set(id, resolve))
  }

  async #pump(): Promise<void> {
    if (this.#sending || !this.#channel) return
    const next = [...this.#outgoing.values()].find((outgoing) => outgoing.state === 'queued')
    if (!next) return
    this.#sending = next
    next.state = 'active'
    try {
      await this.#sendOne(next, this.#channel)
    } catch {
      if (next.state === 'active') {
        this.post({ t: 'cancel', id: next.offer.id })
        this.#failOutgoing(next, 'unreadable')
      }
    } finally {
      this.#sending = null
      // Cut short by the link, not by a cancel: it goes first when the next channel comes.
      if (next.state === 'active') next.state = 'queued'
    }
    void this.#pump()
  }

  async #sendOne(outgoing: Outgoing, channel: FrameChannel): Promise<void> {
    const link = this.#link
    const { id } = outgoing.offer
    const live = () => this.#link === link && outgoing.state === 'active'
    const target: SendTarget = {
      channel,
      live,
      stopped: Promise.race([this.#linkStop.stopped, outgoing.stopped]),
    }
    const accepted = this.#answer(id)
    this.post(outgoing.offer)
    const answer = await accepted
    if (!answer || !live()) return
    if (answer.t === 'verified') return this.#verified(outgoing, answer.ok)
    const offset = Math.min(answer.offset, outgoing.offer.size)
    const seed = offset > 0 ? await crcOfPrefix(outgoing.file, offset, live) : 0
    this.events.progress(id, offset, 'out')
    const crc = await sendBytes(outgoing.file, offset, seed, target, (bytes) =>
      this.events.progress(id, Math.max(offset, bytes - channel.bufferedAmount), 'out'),
    )
    if (crc === null || !live()) return
    const verdict = this.#answer(id)
    this.post({ t: 'end', id, crc32: crc })
    const checked = await verdict
    if (checked?.t === 'verified' && live()) this.#verified(outgoing, checked.ok)
  }

  #verified(outgoing: Outgoing, ok: boolean): void {
    if (!ok) return this.#failOutgoing(outgoing, 'crc')
    outgoing.state = 'done'
    this.events.progress(outgoing.offer.id, outgoing.offer.size, 'out')
    this.events.sent(outgoing.offer.id)
  }
}
