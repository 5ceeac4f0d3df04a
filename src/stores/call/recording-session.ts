import type { RecordingsSettings } from '../../protocol'
import { RECORDER_CHUNK_MS, SOCKET_PATH, SOCKET_TIMEOUT_MS } from '../../constants'
import { composeCall, type CallComposition, type CallSources } from '../../services/call-composition'
import { startCallRecorder, type CallRecorder } from '../../services/call-recorder'
import {
  openRecordingUpload,
  RecordingUploadError,
  type RecordingUpload,
  type RecordingUploadState,
} from '../../services/recording-upload'
import type { SeekableWebmBuilder } from '../../services/seekable-webm'
import type { io } from 'socket.io-client'

/** What a recording session tells its store. */
export interface RecordingSessionEvents {
  /** Bytes of media produced so far. */
  onBytes: (bytes: number) => void
  /** The cloud upload's state changed. */
  onUpload: (state: RecordingUploadState) => void
  /**
   * Something failed for good: the MediaRecorder, or the upload (with the server's status and, for a
   * refusal such as a storage quota, its machine reason).
   */
  onFailure: (reason: string, code: number | null, why?: string) => void
}

/** How the session reaches the recorder (tests swap the socket factory). */
export interface RecordingTransport {
  socketUrl: string
  ioFactory?: typeof io
}

/** What a finished session left. */
export type RecordingOutcome =
  | { type: 'cloud'; size: number }
  | { type: 'local'; file: Blob; duration: number; size: number; mime: string }

/**
 * One recording of a call, from start to stop: the call composed into one stream, a MediaRecorder
 * cutting it into 1000 ms chunks, and the chunks going to the cloud recorder or into a local file.
 * It holds no state of the store; the store holds the one `$recording`.
 */
export class RecordingSession {
  readonly #composition: CallComposition
  readonly #recorder: CallRecorder
  readonly #upload: RecordingUpload | null
  readonly #local: SeekableWebmBuilder | null
  #bytes = 0

  private constructor(
    composition: CallComposition,
    recorder: CallRecorder,
    sink: { upload: RecordingUpload | null; local: SeekableWebmBuilder | null },
  ) {
    this.#composition = composition
    this.#recorder = recorder
    this.#upload = sink.upload
    this.#local = sink.local
  }

  /**
   * Starts recording `sources` with `settings` into the recording `recordingId` (cloud) or a local
   * file. Throws with the browser's reason when recording cannot start.
   */
  static async start(options: {
    sources: CallSources
    settings: RecordingsSettings
    recordingId: string
    recordingToken: string
    transport: RecordingTransport
    events: RecordingSessionEvents
  }): Promise<RecordingSession> {
    const { settings, events } = options
    const local =
      settings.type === 'local' ? (await import('../../services/seekable-webm')).seekableWebm() : null
    const composition = composeCall(options.sources, { audio: settings.audio, video: settings.video })
    let session: RecordingSession | null = null
    const pending: Blob[] = []
    let recorder: CallRecorder
    try {
      recorder = startCallRecorder({
        stream: composition.stream,
        audioBitsPerSecond: settings.audioBitsPerSeconds,
        videoBitsPerSecond: settings.videoBitsPerSeconds,
        chunkMs: RECORDER_CHUNK_MS,
        onChunk: (chunk) => (session ? session.#take(chunk, events) : pending.push(chunk)),
        onError: (reason) => events.onFailure(reason, null),
      })
    } catch (error) {
      composition.stop()
      throw error
    }
    const upload =
      settings.type === 'cloud'
        ? openRecordingUpload({
            url: options.transport.socketUrl,
            path: SOCKET_PATH,
            token: options.recordingToken,
            recordingId: options.recordingId,
            mime: recorder.mimeType,
            ackTimeoutMs: SOCKET_TIMEOUT_MS,
            ...(options.transport.ioFactory ? { ioFactory: options.transport.ioFactory } : {}),
            onState: events.onUpload,
            onFailed: (error) => events.onFailure(error.message, error.code, error.reason),
          })
        : null
    session = new RecordingSession(composition, recorder, { upload, local })
    for (const chunk of pending.splice(0)) session.#take(chunk, events)
    return session
  }

  #take(chunk: Blob, events: RecordingSessionEvents): void {
    this.#bytes += chunk.size
    if (this.#upload) this.#upload.send(chunk)
    else void this.#local?.add(chunk).catch((error: unknown) => events.onFailure(String(error), null))
    events.onBytes(this.#bytes)
  }

  /** The media type written. */
  get mimeType(): string {
    return this.#recorder.mimeType
  }

  /** The call's media changed: the recording follows. */
  update(sources: CallSources): void {
    this.#composition.update(sources)
  }

  pause(): void {
    this.#recorder.pause()
  }

  resume(): void {
    this.#recorder.resume()
  }

  /**
   * Stops: waits up to `stopWaitMs` for the last chunk, then (cloud) for every chunk's acknowledgement
   * and the recorder's close, up to `finishTimeoutMs`, or (local) builds the seekable file.
   */
  async stop(stopWaitMs: number, finishTimeoutMs: number): Promise<RecordingOutcome> {
    try {
      await this.#recorder.stop(stopWaitMs)
    } finally {
      this.#composition.stop()
    }
    if (this.#upload) {
      const finished = await this.#upload.finish(finishTimeoutMs)
      return { type: 'cloud', size: finished.size }
    }
    if (!this.#local) throw new Error('Nowhere to keep the recording')
    const mime = this.#recorder.mimeType
    const { file, duration } = await this.#local.build(mime.split(';')[0] ?? 'video/webm')
    return { type: 'local', file, duration, size: file.size, mime }
  }

  /** Drops everything at once (a failure): nothing more is recorded or sent. */
  abandon(): void {
    void this.#recorder.stop(0).catch(() => undefined)
    this.#composition.stop()
    this.#upload?.close()
  }
}

export { RecordingUploadError }
