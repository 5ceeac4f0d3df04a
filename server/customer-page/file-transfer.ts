import { safeFileName } from '../../src/protocol'
import { FileExchange, type ExchangeEvents } from '../../src/services/transfer/file-exchange'
import type { DataChannelName } from './peers'

/** A file of the customer's list, as tests read it. */
export interface CustomerFile {
  id: string
  name: string
  size: number
  /** `out`: the customer sends it; `in`: it comes from the agent. */
  direction: 'in' | 'out'
  state: 'waiting' | 'moving' | 'done' | 'failed'
  bytes: number
  /** For a file from the agent: whether it arrived whole with a matching CRC-32. */
  intact: boolean
  /** Why it failed: the exchange's reason (`crc`, `cancelled-by-peer`…), which the list says in words. */
  error: string | null
}

/** What the list tells the page. */
export interface TransferView {
  /** A file changed (added, moved on, done, failed); `blob` once a file from the agent arrived. */
  changed(file: CustomerFile, blob?: Blob): void
  /** The agent reported nothing on this channel yet: a capture error arrives on the capture channel. */
  captureError?(peerId: string, reason: 'denied' | 'failed'): void
}

/**
 * The customer's side of the beamport channels: one exchange per (agent, channel), kept across
 * reconnects so transfers resume; a list of files both ways for the page to show. Files the customer
 * picks before a channel is open wait, and go out when the agent's files channel opens.
 */
export class CustomerTransfers {
  readonly files: CustomerFile[] = []
  readonly #exchanges = new Map<string, FileExchange>()
  readonly #open = new Map<string, RTCDataChannel>()
  #waiting: { id: string; file: File }[] = []

  constructor(private readonly view: TransferView) {}

  #exchange(peerId: string, channel: DataChannelName): FileExchange {
    const key = `${peerId}|${channel}`
    let exchange = this.#exchanges.get(key)
    if (!exchange) {
      exchange = new FileExchange(this.#events(peerId))
      this.#exchanges.set(key, exchange)
    }
    return exchange
  }

  #file(id: string): CustomerFile | undefined {
    return this.files.find((file) => file.id === id)
  }

  #update(id: string, patch: Partial<CustomerFile>, blob?: Blob): void {
    const file = this.#file(id)
    if (!file) return
    Object.assign(file, patch)
    this.view.changed(file, blob)
  }

  #events(peerId: string): ExchangeEvents {
    return {
      incoming: (offer, resumed) => {
        if (resumed && this.#file(offer.id)) return this.#update(offer.id, { state: 'moving' })
        const existing = this.#file(offer.id)
        const file: CustomerFile = {
          id: offer.id,
          name: safeFileName(offer.name),
          size: offer.size,
          direction: 'in',
          state: 'moving',
          bytes: 0,
          intact: false,
          error: null,
        }
        if (existing) Object.assign(existing, file)
        else this.files.push(file)
        this.view.changed(existing ?? file)
      },
      progress: (id, bytes) => this.#update(id, { bytes, state: 'moving' }),
      received: (id, stored) =>
        this.#update(id, { state: 'done', intact: true, bytes: stored.blob.size }, stored.blob),
      sent: (id) => this.#update(id, { state: 'done', bytes: this.#file(id)?.size ?? 0 }),
      failed: (id, reason) => this.#update(id, { state: 'failed', error: reason }),
      captureError: (reason) => this.view.captureError?.(peerId, reason),
    }
  }

  /** A data channel with an agent is up: its exchange goes on, and waiting files go out on `files`. */
  opened(peerId: string, channel: DataChannelName, dataChannel: RTCDataChannel): void {
    this.#open.set(`${peerId}|${channel}`, dataChannel)
    this.#exchange(peerId, channel).attach(dataChannel)
    if (channel === 'files' && this.#waiting.length > 0) {
      const waiting = this.#waiting
      this.#waiting = []
      for (const { id, file } of waiting) this.#sendTo(peerId, file, id)
    }
  }

  /** That channel closed: its transfers pause until it opens again. */
  closed(peerId: string, channel: DataChannelName): void {
    this.#open.delete(`${peerId}|${channel}`)
    this.#exchanges.get(`${peerId}|${channel}`)?.detach()
  }

  /** A frame from an agent's channel. */
  frame(peerId: string, channel: DataChannelName, frame: string | ArrayBuffer): void {
    this.#exchange(peerId, channel).receive(frame)
  }

  /** Agents with an open channel of that kind. */
  agents(channel: DataChannelName): string[] {
    return [...this.#open.keys()]
      .filter((key) => key.endsWith(`|${channel}`))
      .map((key) => key.split('|')[0] as string)
  }

  /**
   * Sends files to every agent with an open files channel; with none, they wait (returns false: the
   * page asks for a channel).
   */
  send(files: readonly File[]): boolean {
    const agents = this.agents('files')
    if (agents.length === 0) {
      for (const file of files)
        this.#waiting.push({ id: this.#add(crypto.randomUUID(), file, 'waiting').id, file })
      return false
    }
    for (const file of files) for (const peerId of agents) this.#sendTo(peerId, file)
    return true
  }

  #add(id: string, file: File, state: CustomerFile['state']): CustomerFile {
    const row: CustomerFile = {
      id,
      name: safeFileName(file.name),
      size: file.size,
      direction: 'out',
      state,
      bytes: 0,
      intact: false,
      error: null,
    }
    this.files.push(row)
    this.view.changed(row)
    return row
  }

  #sendTo(peerId: string, file: File, waitingId?: string): void {
    // A file that waited for the channel keeps its row.
    const id = waitingId ?? crypto.randomUUID()
    if (waitingId) this.#update(id, { state: 'moving' })
    else this.#add(id, file, 'moving')
    this.#exchange(peerId, 'files').send(file, id, file.name)
  }

  /** Sends a capture of the screen to an agent on its capture channel; false when none is open. */
  sendCapture(peerId: string | undefined, image: Blob, name: string): boolean {
    const agents = this.agents('capture').filter((agent) => !peerId || agent === peerId)
    for (const agent of agents) this.#exchange(agent, 'capture').send(image, crypto.randomUUID(), name)
    return agents.length > 0
  }

  /** Tells an agent the capture could not be taken. */
  captureRefused(peerId: string | undefined, reason: 'denied' | 'failed'): void {
    for (const agent of this.agents('capture').filter((a) => !peerId || a === peerId))
      this.#exchange(agent, 'capture').post({ t: 'capture:error', reason })
  }

  /** Stops a file, both sides. */
  cancel(id: string): void {
    for (const exchange of this.#exchanges.values()) exchange.cancel(id)
  }

  /** Everything ends (the call is over). */
  close(): void {
    for (const exchange of this.#exchanges.values()) exchange.close()
    this.#exchanges.clear()
    this.#open.clear()
    this.#waiting = []
  }
}
