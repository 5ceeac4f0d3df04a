import { expect } from '@open-wc/testing'
import { fileSlices } from '../../src/services/transfer/file-slices'
import { within } from '../support/waits'
import { unreadableStream } from '../support/unreadable'
import { patternBytes } from '../support/memory-channel'

/** Every slice of `file` from `offset`: its length, and a copy of its bytes (the next read reuses it). */
async function readAll(file: Blob, offset: number, sliceBytes: number) {
  const lengths: number[] = []
  const copies: Uint8Array[] = []
  const views: Uint8Array[] = []
  for await (const slice of fileSlices(file, offset, sliceBytes)) {
    lengths.push(slice.byteLength)
    copies.push(slice.slice())
    views.push(slice)
  }
  const joined = new Uint8Array(copies.reduce((sum, copy) => sum + copy.length, 0))
  copies.reduce((at, copy) => (joined.set(copy, at), at + copy.length), 0)
  return { lengths, joined, views }
}

/** A Blob whose stream is a plain (not byte) stream, as in a browser without BYOB reads of Blobs. */
class PlainStreamBlob extends Blob {
  override slice(start?: number, end?: number, type?: string): Blob {
    return new PlainStreamBlob([super.slice(start, end, type)])
  }
  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const bytes = this.arrayBuffer()
    return new ReadableStream({
      async start(controller) {
        controller.enqueue(new Uint8Array(await bytes))
        controller.close()
      },
    })
  }
}

/** A Blob that cannot be read (a file changed or removed on disk). */
class UnreadableBlob extends Blob {
  override slice(): Blob {
    return new UnreadableBlob([new Uint8Array(this.size)])
  }
  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return unreadableStream()
  }
}

describe('services/transfer: reading a file a slice at a time', () => {
  it('gives every byte from the offset, in whole slices and a shorter last one', async function () {
    this.timeout(15_000)
    const bytes = patternBytes(5 * 1024 * 1024 + 4321, 5)
    const { lengths, joined } = await within(
      readAll(new Blob([bytes]), 1000, 1024 * 1024),
      10_000,
      'the file read',
    )
    expect(joined).to.deep.equal(bytes.subarray(1000))
    expect(lengths).to.deep.equal([...Array(5).fill(1024 * 1024), 4321 - 1000])
  })

  it('reads into one buffer: each slice is taken back by the next read (no fresh memory per slice)', async () => {
    const { views, lengths } = await within(
      readAll(new Blob([patternBytes(3000, 2)]), 0, 1000),
      5_000,
      'the read',
    )
    expect(lengths).to.deep.equal([1000, 1000, 1000])
    expect(views.map((view) => view.byteLength)).to.deep.equal([0, 0, 0])
  })

  it('gives nothing for an offset at the end, and an empty file', async () => {
    const atEnd = await within(readAll(new Blob([patternBytes(10)]), 10, 4), 5_000, 'the read')
    const empty = await within(readAll(new Blob([]), 0, 4), 5_000, 'the read')
    expect(atEnd.lengths).to.deep.equal([])
    expect(empty.lengths).to.deep.equal([])
  })

  it('reads a fresh slice at a time where the Blob stream takes no BYOB reader', async () => {
    const bytes = patternBytes(2500, 3)
    const { lengths, joined } = await within(
      readAll(new PlainStreamBlob([bytes]), 100, 1000),
      5_000,
      'the read',
    )
    expect(lengths).to.deep.equal([1000, 1000, 400])
    expect(joined).to.deep.equal(bytes.subarray(100))
  })

  it('rejects when the file cannot be read', async () => {
    const failure = await within(
      readAll(new UnreadableBlob([patternBytes(100)]), 0, 10).then(
        () => null,
        (error: unknown) => error,
      ),
      5_000,
      'the failed read',
    )
    expect((failure as DOMException | null)?.name).to.equal('NotReadableError')
  })

  it('cancels the read when the loop stops early', async () => {
    let cancelled = false
    class EndlessBlob extends Blob {
      override slice(): Blob {
        return this
      }
      override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
        return new ReadableStream({
          type: 'bytes',
          pull: (controller) => {
            const request = controller.byobRequest
            if (!request?.view) return
            new Uint8Array(request.view.buffer, request.view.byteOffset, request.view.byteLength).fill(1)
            request.respond(request.view.byteLength)
          },
          cancel: () => void (cancelled = true),
        })
      }
    }
    let seen = 0
    const reading = (async () => {
      for await (const slice of fileSlices(new EndlessBlob([new Uint8Array(1_000_000)]), 0, 10)) {
        seen += slice.byteLength
        if (seen >= 20) break
      }
    })()
    await within(reading, 5_000, 'the loop')
    expect(seen).to.equal(20)
    expect(cancelled).to.equal(true)
  })
})
