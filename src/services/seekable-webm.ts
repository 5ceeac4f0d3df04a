import { Decoder, Reader, tools } from 'webm-duration-fix/lib/ebml'

/** A recording gathered chunk by chunk, made seekable at the end. */
export interface SeekableWebmBuilder {
  /** Adds the next chunk (read as it comes, so the end costs little). */
  add(chunk: Blob): Promise<void>
  /** The whole file with its duration and cues written, and its seconds of media. */
  build(type: string): Promise<{ file: Blob; duration: number }>
}

/**
 * Builds one playable, seekable WebM from MediaRecorder's chunks (which carry no duration and no cues):
 * each chunk goes through the decoder and reader of webm-duration-fix (ts-ebml's, made to run in
 * browsers), which keep the head and the cue points only;
 * at the end the new head (duration, seek head, cues) is put before the chunks' clusters.
 *
 * @example
 * const webm = seekableWebm()
 * recorder.ondataavailable = (event) => void webm.add(event.data)
 * const { file } = await webm.build('video/webm')
 */
export function seekableWebm(): SeekableWebmBuilder {
  const decoder = new Decoder()
  const reader = new Reader()
  reader.logging = false
  reader.drop_default_duration = false
  const chunks: Blob[] = []
  let reading: Promise<void> = Promise.resolve()
  return {
    add(chunk) {
      chunks.push(chunk)
      reading = reading.then(async () => {
        for (const element of decoder.decode(await chunk.arrayBuffer()))
          // Newer browsers add elements the schema does not know: they are skipped, not misread.
          if (element.type !== 'unknown') reader.read(element)
      })
      return reading
    },
    async build(type) {
      await reading
      reader.stop()
      if (reader.metadatas.length === 0) throw new Error('The recording holds no media')
      const head = tools.makeMetadataSeekable(reader.metadatas, reader.duration, reader.cues)
      const body = new Blob(chunks).slice(reader.metadataSize)
      return {
        file: new Blob([head, body], { type }),
        duration: (reader.duration * reader.timecodeScale) / 1e9,
      }
    },
  }
}
