import { expect } from '@open-wc/testing'
import { blobSink } from '../../src/services/transfer/sinks'
import { within } from '../support/waits'
import { patternBytes } from '../support/memory-channel'

const chunk = (size: number, seed: number) => patternBytes(size, seed).buffer

describe('services/transfer: the streamed Blob sink', () => {
  it('gives the chunks back as one Blob of the asked type, in order, counting what was written', async () => {
    const sink = blobSink()
    const parts = [chunk(65_536, 1), chunk(65_536, 2), chunk(1_000, 3)]
    for (const part of parts) sink.write(part)
    expect(sink.written).to.equal(132_072)
    const stored = await within(sink.finish('image/png'), 5_000, 'the finished file')
    expect(stored.blob.type).to.equal('image/png')
    expect(new Uint8Array(await stored.blob.arrayBuffer())).to.deep.equal(
      new Uint8Array(await new Blob(parts).arrayBuffer()),
    )
  })

  it('starts over when discarded: only what was written after is kept', async () => {
    const sink = blobSink()
    sink.write(chunk(5_000, 1))
    sink.discard()
    expect(sink.written).to.equal(0)
    const kept = chunk(3_000, 9)
    sink.write(kept)
    const stored = await within(sink.finish('application/pdf'), 5_000, 'the finished file')
    expect(new Uint8Array(await stored.blob.arrayBuffer())).to.deep.equal(new Uint8Array(kept))
  })
})
