import CRC32 from 'crc-32'
import { BEAMPORT_CHUNK_BYTES } from '../../protocol'
import { room, type FrameChannel } from './channel'
import { fileSlices } from './file-slices'

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
  for await (const slice of fileSlices(file.slice(0, end), 0)) {
    if (!live()) break
    crc = CRC32.buf(slice, crc)
  }
  return crc
}

/**
 * Sends a file's bytes from `offset` as binary frames, waiting for the channel's queue to drain when
 * it is full, and computes the CRC-32 while reading (seeded with the prefix's). Resolves with the
 * unsigned CRC-32 of the whole file, or null when the target stopped being live.
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
  for await (const slice of fileSlices(file, offset)) {
    if (!target.live()) return null
    crc = CRC32.buf(slice, crc)
    for (let start = 0; start < slice.byteLength; start += BEAMPORT_CHUNK_BYTES) {
      await room(target.channel, target.stopped)
      if (!target.live()) return null
      // send() copies the bytes: the slice's buffer can be read into again afterwards.
      target.channel.send(slice.subarray(start, start + BEAMPORT_CHUNK_BYTES))
    }
    position += slice.byteLength
    onProgress(position)
  }
  return crc >>> 0
}
