import { UPLOAD_STALL_MS } from '../constants'
import { clock, type TimerId } from './clock'
import { HttpError } from './http'

/** One upload of raw bytes. */
export interface UploadRequest {
  /** Full URL of the upload endpoint. */
  url: string
  /** Bearer token for it (the file token of `POST /files/authorization`). */
  token: string
  body: Blob
  /** Bytes on their way so far. */
  onProgress(sent: number): void
}

/** Sends the bytes; resolves with the JSON reply, rejects with an `HttpError` (status 0: no answer). */
export type Uploader = (request: UploadRequest) => Promise<unknown>

/**
 * fetch has no upload progress: XMLHttpRequest does. An upload with no progress and no answer for
 * {@link UPLOAD_STALL_MS} is stopped: a link that hangs without failing never errors by itself.
 */
const xhrUploader: Uploader = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    let stall: TimerId | undefined
    let stalled = false
    const watch = () => {
      clock.clearTimeout(stall)
      stall = clock.setTimeout(() => {
        stalled = true
        xhr.abort()
      }, UPLOAD_STALL_MS)
    }
    xhr.open('POST', request.url)
    xhr.setRequestHeader('authorization', `Bearer ${request.token}`)
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.upload.onprogress = (event) => {
      watch()
      request.onProgress(event.loaded)
    }
    xhr.onloadend = () => clock.clearTimeout(stall)
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null
      } catch {
        // Not JSON: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body)
      const message = (body as { message?: unknown } | null)?.message
      reject(new HttpError(xhr.status, typeof message === 'string' ? message : xhr.statusText, body))
    }
    xhr.onerror = () => reject(new HttpError(0, 'The server could not be reached'))
    xhr.onabort = () =>
      reject(new HttpError(0, stalled ? 'The server stopped answering the upload' : 'The upload was stopped'))
    watch()
    xhr.send(request.body)
  })

let uploader: Uploader = xhrUploader

/**
 * Uploads raw bytes (`application/octet-stream`) with progress.
 *
 * @example
 * const saved = await upload({ url: '/api/upload', token, body: blob, onProgress: (sent) => show(sent) })
 */
export function upload(request: UploadRequest): Promise<unknown> {
  return uploader(request)
}

/** Swaps the transport (tests route uploads through their fake server); returns the restore. */
export function replaceUploader(next: Uploader): () => void {
  const previous = uploader
  uploader = next
  return () => {
    uploader = previous
  }
}

/** Bytes read at a time for a CRC-32: never the whole file in one buffer. */
const CRC_READ_BYTES = 4 * 1024 * 1024

/**
 * CRC-32 of a Blob, unsigned, read a slice at a time.
 *
 * @example
 * const crc32 = await crc32OfBlob(file)
 */
export async function crc32OfBlob(blob: Blob): Promise<number> {
  // Loaded on the first checksum: the agent's path to Available never needs it (bench/bundle-size).
  const { default: CRC32 } = await import('crc-32')
  let crc = 0
  for (let offset = 0; offset < blob.size; offset += CRC_READ_BYTES) {
    const slice = await blob.slice(offset, offset + CRC_READ_BYTES).arrayBuffer()
    crc = CRC32.buf(new Uint8Array(slice), crc)
  }
  return crc >>> 0
}
