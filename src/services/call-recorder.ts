import { clock } from './clock'

/** How to record a stream. */
export interface CallRecorderOptions {
  stream: MediaStream
  audioBitsPerSecond: number
  videoBitsPerSecond: number
  /** A chunk of media every this many ms (SPEC §9: 1000). */
  chunkMs: number
  /** Each chunk, in order. */
  onChunk: (chunk: Blob) => void
  /** The recorder failed (the browser's message). */
  onError: (reason: string) => void
  /** Makes the recorder; tests may hand in their own. */
  createRecorder?: (stream: MediaStream, options: MediaRecorderOptions) => MediaRecorder
}

/** A running recorder. */
export interface CallRecorder {
  /** The media type it writes. */
  mimeType: string
  pause(): void
  resume(): void
  /** Stops; resolves when the last chunk came, or after `waitMs` at most (SPEC §9: 500). */
  stop(waitMs: number): Promise<void>
}

/** The first WebM the browser can write for the tracks there are. */
export function recordingMimeType(video: boolean): string {
  const candidates = video
    ? ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm']
    : ['audio/webm;codecs=opus', 'audio/webm']
  return (
    candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? (video ? 'video/webm' : 'audio/webm')
  )
}

/**
 * Records a stream with MediaRecorder in chunks (WebM). Throws when the browser cannot record it
 * (the message is the browser's reason).
 *
 * @example
 * const recorder = startCallRecorder({ stream, audioBitsPerSecond: 128e3, videoBitsPerSecond: 2.5e6, chunkMs: 1000, onChunk, onError })
 * await recorder.stop(500)
 */
export function startCallRecorder(options: CallRecorderOptions): CallRecorder {
  const video = options.stream.getVideoTracks().length > 0
  const mimeType = recordingMimeType(video)
  const settings: MediaRecorderOptions = {
    mimeType,
    audioBitsPerSecond: options.audioBitsPerSecond,
    ...(video ? { videoBitsPerSecond: options.videoBitsPerSecond } : {}),
  }
  const recorder =
    options.createRecorder?.(options.stream, settings) ?? new MediaRecorder(options.stream, settings)
  let stopped: (() => void) | null = null
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) options.onChunk(event.data)
  })
  recorder.addEventListener('stop', () => stopped?.())
  recorder.addEventListener('error', (event) => {
    const error = (event as Event & { error?: DOMException }).error
    options.onError(error?.message || error?.name || 'MediaRecorder failed')
  })
  recorder.start(options.chunkMs)
  return {
    mimeType: recorder.mimeType || mimeType,
    pause: () => {
      if (recorder.state === 'recording') recorder.pause()
    },
    resume: () => {
      if (recorder.state === 'paused') recorder.resume()
    },
    stop: (waitMs) =>
      new Promise<void>((resolve) => {
        if (recorder.state === 'inactive') return resolve()
        const timer = clock.setTimeout(() => done(), waitMs)
        const done = () => {
          clock.clearTimeout(timer)
          stopped = null
          resolve()
        }
        stopped = done
        recorder.stop()
      }),
  }
}
