import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { Decoder, Reader, tools } from 'ts-ebml'

/** What finalising a WebM found. */
export interface SeekableWebm {
  /** Seconds of media. */
  duration: number
  /** Bytes of the file as rewritten. */
  size: number
}

/**
 * Rewrites a WebM as MediaRecorder leaves it (no duration, no cues: a player cannot seek it) into a
 * seekable one: its chunks are read as a stream through ts-ebml's decoder and reader (which
 * keep the head and the cue points, not the media; the browser uses webm-duration-fix, ts-ebml's code
 * made for browsers, which misreads some 7-byte integers under Node's Buffer), then the new head (duration, seek head, cues) and the
 * untouched clusters are written to a temporary file that replaces the original.
 *
 * @example
 * const { duration } = await makeWebmSeekable('/data/recordings/a/b.webm')
 */
export async function makeWebmSeekable(file: string): Promise<SeekableWebm> {
  const decoder = new Decoder()
  const reader = new Reader()
  reader.logging = false
  reader.drop_default_duration = false
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }))
    // Typed for an ArrayBuffer, the decoder copies what it gets with Buffer.from: a Buffer is fine.
    for (const element of decoder.decode(chunk as unknown as ArrayBuffer)) reader.read(element)
  reader.stop()
  if (reader.metadatas.length === 0 || reader.metadataSize === 0)
    throw new Error('The file holds no WebM header')
  const duration = (reader.duration * reader.timestampScale) / 1e9
  if (!Number.isFinite(duration) || duration <= 0) throw new Error('The file holds no media')
  const head = seekableHead(reader)
  const temporary = `${file}.seekable`
  try {
    const out = createWriteStream(temporary)
    await new Promise<void>((resolve, reject) =>
      out.write(head, (error) => (error ? reject(error) : resolve())),
    )
    await pipeline(createReadStream(file, { start: reader.metadataSize }), out)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  return { duration, size: (await stat(file)).size }
}

/**
 * The new head. The library returns `Buffer.concat(...).buffer`: in Node a small Buffer is a slice of a
 * shared pool, so that ArrayBuffer would hold unrelated memory around the head. With the pool off for
 * this one synchronous call, the head gets an ArrayBuffer of its own.
 */
function seekableHead(reader: Reader): Buffer {
  const poolSize = Buffer.poolSize
  Buffer.poolSize = 0
  try {
    return Buffer.from(tools.makeMetadataSeekable(reader.metadatas, reader.duration, reader.cues))
  } finally {
    Buffer.poolSize = poolSize
  }
}
