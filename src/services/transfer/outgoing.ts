import CRC32 from 'crc-32'
import { BEAMPORT_CHUNK_BYTES } from '../../protocol'
import { room, type FrameChannel } from './channel'

/** Bytes read from the file at a time (then sent as 64 KiB frames): few reads, one ahead of the sending. */
const READ_BYTES = 4 * 1024 * 1024

/** The channel a send runs on, and whether it is still the one to use. */
export interface SendTarget {
  channel: FrameChannel
  /** False once the channel went away or the file was cancelled. */
  live(): boolean
  /** Resolves when `live()` turns false. */
  stopped: Promise<void>
}

/**
 * CRC-32 (signed, as crc-32 returns it) of the first `end` bytes of a file, read a slice at a time: what
 * a sender that resumes at `end` has already vouched for.
 */
export async function crcOfPrefix(file: Blob, end: number, live: () => boolean): Promise<number> {
  let crc = 0
  for (let offset = 0; offset < end && live(); offset += READ_BYTES) {
    const slice = await file.slice(offset, Math.min(end, offset + READ_BYTES)).arrayBuffer()
    crc = CRC32.buf(new Uint8Array(slice), crc)
  }
  return crc
}

/**
 * Sends a file's bytes from `offset` as binary frames, waiting for the channel's queue to drain when
 * it is full, and computes the CRC-32 while reading (seeded with the prefix's). Reads the next slice
 * while the current one is sent. Resolves with the unsigned CRC-32 of the whole file, or null when
 * the target stopped being live.
 *
 * @example
 * const crc = await sendBytes(file, 0, 0, target, (sent) => progress(sent))
 */
export async function sendBytes(
  file: Blob,
  offset: number,
  seed: number,
  target: SendTarget,
  onProgress: (bytes: number) => void,
): Promise<number | null> {
  let crc = seed
  let position = offset
  const read = (from: number) =>
    from < file.size ? file.slice(from, Math.min(file.size, from + READ_BYTES)).arrayBuffer() : null
  let next = read(position)
  while (next) {
    const slice = await next
    if (!target.live()) return null
    next = read(position + slice.byteLength)
    crc = CRC32.buf(new Uint8Array(slice), crc)
    for (let start = 0; start < slice.byteLength; start += BEAMPORT_CHUNK_BYTES) {
      await room(target.channel, target.stopped)
      if (!target.live()) return null
      const length = Math.min(BEAMPORT_CHUNK_BYTES, slice.byteLength - start)
      target.channel.send(new Uint8Array(slice, start, length))
    }
    position += slice.byteLength
    onProgress(position)
  }
  return crc >>> 0
}
