/**
 * Where received bytes go: never one buffer in the JavaScript heap. Small and large files alike are
 * streamed into a Blob (the browser keeps Blob data out of the heap, on disk when it must); very large
 * files go to the origin-private file system when the browser has one.
 */

/** Bytes gathered before they become one part of an OPFS write (then the chunks can be collected). */
const PART_BYTES = 4 * 1024 * 1024

/** Files from this size on are written to the origin-private file system (OPFS) when available. */
export const OPFS_FROM_BYTES = 512 * 1024 * 1024

/** A finished file: its bytes, and how to free the storage behind them. */
export interface StoredFile {
  blob: Blob
  release(): void
}

/** A growing file. */
export interface FileSink {
  /** Bytes written so far. */
  readonly written: number
  write(chunk: ArrayBuffer): void
  /** The whole file, typed; rejects when storage failed. */
  finish(type: string): Promise<StoredFile>
  /** Drops what was written. */
  discard(): void
}

/**
 * Streams the chunks into one Blob that the browser builds as they come (`Response.blob()` of a stream):
 * the cheapest way to a Blob found in Chromium (measured ad hoc: a third or less of the CPU of 4 MiB Blob
 * parts made on the way), and the transfer runs CPU-bound beside the data channel. A discarded sink
 * starts a new stream.
 */
export function blobSink(): FileSink {
  let written = 0
  let stream!: ReadableStreamDefaultController<Uint8Array>
  let whole!: Promise<Blob>
  const open = () => {
    whole = new Response(
      new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) }),
    ).blob()
    // A discarded stream's Blob fails, and nobody waits for it.
    whole.catch(() => undefined)
  }
  open()
  return {
    get written() {
      return written
    },
    write(chunk) {
      stream.enqueue(new Uint8Array(chunk))
      written += chunk.byteLength
    },
    async finish(type) {
      stream.close()
      const blob = await whole
      return { blob: blob.slice(0, blob.size, type), release: () => undefined }
    },
    discard() {
      stream.error(new DOMException('discarded', 'AbortError'))
      written = 0
      open()
    },
  }
}

type OpfsRoot = FileSystemDirectoryHandle

function opfsRoot(): Promise<OpfsRoot> | null {
  const storage = globalThis.navigator?.storage as StorageManager | undefined
  return typeof storage?.getDirectory === 'function' ? storage.getDirectory() : null
}

/**
 * Writes to a file of the origin-private file system, in 4 MiB Blob parts, in order. The finished
 * file is read back from disk; `release` removes it.
 */
export function opfsSink(root: Promise<OpfsRoot>, name: string): FileSink {
  let pending: ArrayBuffer[] = []
  let pendingBytes = 0
  let written = 0
  let failure: unknown = null
  const handle = root.then((dir) => dir.getFileHandle(name, { create: true }))
  const stream = handle.then((file) => file.createWritable())
  let chain: Promise<unknown> = stream
  const remove = () => void root.then((dir) => dir.removeEntry(name)).catch(() => undefined)
  const flush = () => {
    if (pending.length === 0) return
    const part = new Blob(pending)
    pending = []
    pendingBytes = 0
    chain = chain
      .then(() => stream)
      .then((writable) => writable.write(part))
      .catch((error: unknown) => (failure ??= error))
  }
  return {
    get written() {
      return written
    },
    write(chunk) {
      pending.push(chunk)
      pendingBytes += chunk.byteLength
      written += chunk.byteLength
      if (pendingBytes >= PART_BYTES) flush()
    },
    async finish(type) {
      flush()
      await chain
      if (failure) throw failure
      await (await stream).close()
      const file = await (await handle).getFile()
      return { blob: file.slice(0, file.size, type), release: remove }
    },
    discard() {
      pending = []
      written = 0
      void stream.then((writable) => writable.abort()).catch(() => undefined)
      remove()
    },
  }
}

/** The sink for a file of `size`: OPFS from `opfsFrom` bytes when the browser has it, a streamed Blob otherwise. */
export function sinkFor(size: number, id: string, opfsFrom = OPFS_FROM_BYTES): FileSink {
  const root = size >= opfsFrom ? opfsRoot() : null
  // A name of its own per sink: a discarded one is removed later, and must not take a new one with it.
  return root ? opfsSink(root, `beamport-${id}-${(sinkCount += 1)}`) : blobSink()
}

let sinkCount = 0
