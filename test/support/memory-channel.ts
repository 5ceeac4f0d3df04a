import type { FrameChannel } from '../../src/services/transfer/channel'

/**
 * Two ends of an in-memory data channel, for unit tests of the transfer engine: frames are copied (as
 * the network would), queued in `bufferedAmount`, and delivered a few per task, in order; the queue
 * drains and fires `bufferedamountlow` as a real channel does. `tamper` may change a frame on its way.
 */
export class MemoryChannel implements FrameChannel {
  bufferedAmount = 0
  bufferedAmountLowThreshold = 0
  /** The most that was ever queued at once. */
  peakBuffered = 0
  /** Binary bytes that went through. */
  binaryBytes = 0
  /** Where this end's frames arrive. */
  deliver: (frame: string | ArrayBuffer) => void = () => undefined
  /** Changes (or drops, with null) a frame before delivery. */
  tamper: (frame: string | ArrayBuffer) => string | ArrayBuffer | null = (frame) => frame
  closed = false
  readonly #queue: (string | ArrayBuffer)[] = []
  readonly #low = new Set<() => void>()
  #scheduled = false

  send(data: string | ArrayBuffer | ArrayBufferView<ArrayBuffer>): void {
    if (this.closed) throw new DOMException('closed', 'InvalidStateError')
    const frame =
      typeof data === 'string'
        ? data
        : data instanceof ArrayBuffer
          ? data.slice(0)
          : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
    this.bufferedAmount += typeof frame === 'string' ? frame.length : frame.byteLength
    this.peakBuffered = Math.max(this.peakBuffered, this.bufferedAmount)
    this.#queue.push(frame)
    this.#schedule()
  }

  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    setTimeout(() => {
      this.#scheduled = false
      // A few frames per task, like a link with a bounded rate.
      for (let sent = 0; sent < 32 && this.#queue.length > 0; sent++) {
        const frame = this.#queue.shift() as string | ArrayBuffer
        const before = this.bufferedAmount
        this.bufferedAmount -= typeof frame === 'string' ? frame.length : frame.byteLength
        if (typeof frame !== 'string') this.binaryBytes += frame.byteLength
        if (!this.closed) {
          const changed = this.tamper(frame)
          if (changed !== null) this.deliver(changed)
        }
        if (
          before > this.bufferedAmountLowThreshold &&
          this.bufferedAmount <= this.bufferedAmountLowThreshold
        )
          for (const listener of [...this.#low]) listener()
      }
      if (this.#queue.length > 0) this.#schedule()
    }, 0)
  }

  addEventListener(_type: 'bufferedamountlow', listener: () => void): void {
    this.#low.add(listener)
  }

  removeEventListener(_type: 'bufferedamountlow', listener: () => void): void {
    this.#low.delete(listener)
  }

  /** The link drops: nothing more is delivered. */
  close(): void {
    this.closed = true
    this.#queue.length = 0
    this.bufferedAmount = 0
  }
}

/** A connected pair: what `a` sends arrives at `onB`, and the other way. */
export function channelPair(
  onA: (frame: string | ArrayBuffer) => void,
  onB: (frame: string | ArrayBuffer) => void,
): [MemoryChannel, MemoryChannel] {
  const a = new MemoryChannel()
  const b = new MemoryChannel()
  a.deliver = onB
  b.deliver = onA
  return [a, b]
}

/** Deterministic bytes (a file's content) of a given size. */
export function patternBytes(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  let x = seed
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    bytes[i] = x >>> 24
  }
  return bytes
}
