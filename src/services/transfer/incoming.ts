import CRC32 from 'crc-32'
import type { BeamOffer } from '../../protocol'
import { sinkFor, type FileSink, type StoredFile } from './sinks'

/** Where an incoming file stands. */
export type IncomingState = 'receiving' | 'waiting' | 'done' | 'failed'

/**
 * A file coming in: its bytes go to a sink as they arrive and into a running CRC-32, so the whole file
 * is never one buffer. Kept across a reconnect, so the sender resumes where the bytes stopped.
 */
export class IncomingFile {
  state: IncomingState = 'receiving'
  /** Stopped on this side: offered again (after a reconnect), it is refused, not restarted. */
  cancelledHere = false
  #sink: FileSink
  #crc = 0

  constructor(
    readonly offer: BeamOffer,
    private readonly opfsFrom?: number,
  ) {
    this.#sink = sinkFor(offer.size, offer.id, opfsFrom)
  }

  /** Bytes held so far (where a resumed sender starts). */
  get received(): number {
    return this.#sink.written
  }

  /** Takes a chunk; false when it would overrun the announced size (the sender is broken). */
  write(chunk: ArrayBuffer): boolean {
    if (this.received + chunk.byteLength > this.offer.size) return false
    this.#crc = CRC32.buf(new Uint8Array(chunk), this.#crc)
    this.#sink.write(chunk)
    return true
  }

  /** Whether every byte is here and the CRC-32 matches the sender's. */
  intact(crc32: number): boolean {
    return this.received === this.offer.size && this.#crc >>> 0 === crc32
  }

  /** The finished file. */
  finish(type: string): Promise<StoredFile> {
    this.state = 'done'
    return this.#sink.finish(type)
  }

  /** Drops the bytes (a failure or a cancel); `restart` prepares for the file to come again from 0. */
  drop(state: IncomingState): void {
    this.#sink.discard()
    this.state = state
    this.#crc = 0
    if (state === 'waiting') {
      this.cancelledHere = false
      this.#sink = sinkFor(this.offer.size, this.offer.id, this.opfsFrom)
    }
  }
}
