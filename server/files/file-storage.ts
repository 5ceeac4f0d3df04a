import { createReadStream, type ReadStream } from 'node:fs'
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve, sep } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createWriteStream } from 'node:fs'
import CRC32 from 'crc-32'

/** What arrived: how many bytes and their CRC-32 (unsigned). */
export interface Measured {
  size: number
  crc32: number
}

/** The bytes sent were not the ones authorized. */
export class UploadMismatch extends Error {
  constructor(
    readonly reason: 'too-large' | 'size' | 'crc',
    message: string,
  ) {
    super(message)
  }
}

/**
 * Saved files on disk, under the data folder: `<root>/<room id>/<file id>`, where the room is the call
 * or the appointment. Uploads stream to a temporary file while their size and CRC-32 are counted, and
 * only a file whose bytes match the authorization is moved into place.
 */
export class FileStorage {
  private constructor(
    readonly root: string,
    private readonly owned: boolean,
  ) {}

  /** Storage under `dir`; a throwaway directory (removed on close) when `dir` is omitted. */
  static async open(dir?: string): Promise<FileStorage> {
    if (dir) {
      await mkdir(dir, { recursive: true })
      return new FileStorage(resolve(dir), false)
    }
    return new FileStorage(await mkdtemp(join(tmpdir(), 'agent-console-files-')), true)
  }

  /** Where a file lives (relative to the root), checked to stay inside it. */
  #path(relative: string): string {
    const full = resolve(this.root, relative)
    if (!full.startsWith(this.root + sep)) throw new Error('path outside the file storage')
    return full
  }

  /**
   * Streams an upload to disk: fails with `UploadMismatch` as soon as more than `expected.size` bytes
   * come, or at the end when size or CRC-32 differ. Returns the stored file's relative path.
   */
  async store(roomId: string, fileId: string, body: Readable, expected: Measured): Promise<string> {
    const relative = join(roomId, fileId)
    const target = this.#path(relative)
    await mkdir(this.#path(roomId), { recursive: true })
    const partial = `${target}.part`
    let size = 0
    let crc = 0
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (size > expected.size)
          return done(new UploadMismatch('too-large', `More than the ${expected.size} bytes authorized`))
        crc = CRC32.buf(chunk, crc)
        done(null, chunk)
      },
    })
    try {
      await pipeline(body, measure, createWriteStream(partial, { flags: 'wx' }))
      if (size !== expected.size)
        throw new UploadMismatch('size', `Expected ${expected.size} bytes, got ${size}`)
      if (crc >>> 0 !== expected.crc32)
        throw new UploadMismatch('crc', 'CRC-32 mismatch: the file was damaged on the way')
      await rename(partial, target)
      return relative
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
  }

  /** Reads a stored file. */
  read(relative: string): ReadStream {
    return createReadStream(this.#path(relative))
  }

  /** Removes a stored file (a row that could not be written). */
  async remove(relative: string): Promise<void> {
    await rm(this.#path(relative), { force: true })
  }

  /** Removes a throwaway root. */
  async close(): Promise<void> {
    if (this.owned) await rm(this.root, { recursive: true, force: true })
  }
}
