import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import CRC32 from 'crc-32'
import { FileExchange, type ExchangeEvents } from '../../src/services/transfer/file-exchange'
import { SEND_HIGH_WATER } from '../../src/services/transfer/channel'
import { BEAMPORT_CHUNK_BYTES } from '../../src/protocol'
import { unreadableStream } from '../support/unreadable'
import { channelPair, patternBytes, type MemoryChannel } from '../support/memory-channel'

/** One side of a transfer, with everything its exchange reported. */
interface Side {
  exchange: FileExchange
  offered: { id: string; name: string; resumed: boolean }[]
  progress: Map<string, number[]>
  received: Map<string, Blob>
  sent: string[]
  failed: { id: string; reason: string; direction: string }[]
  captureErrors: string[]
  releases: Map<string, () => void>
  /** Called on each progress report, inside it (a test cuts a link at an exact point with it). */
  onProgress: ((id: string, bytes: number) => void) | null
}

function side(opfsFrom?: number): Side {
  const record: Omit<Side, 'exchange'> = {
    onProgress: null,
    offered: [],
    progress: new Map(),
    received: new Map(),
    sent: [],
    failed: [],
    captureErrors: [],
    releases: new Map(),
  }
  const events: ExchangeEvents = {
    incoming: (offer, resumed) => record.offered.push({ id: offer.id, name: offer.name, resumed }),
    progress: (id, bytes) => {
      record.progress.set(id, [...(record.progress.get(id) ?? []), bytes])
      record.onProgress?.(id, bytes)
    },
    received: (id, stored) => {
      record.received.set(id, stored.blob)
      record.releases.set(id, stored.release)
    },
    sent: (id) => record.sent.push(id),
    failed: (id, reason, direction) => record.failed.push({ id, reason, direction }),
    captureError: (reason) => record.captureErrors.push(reason),
  }
  // One object: `onProgress` set on the side later is the one the events call.
  return Object.assign(record, { exchange: new FileExchange(events, opfsFrom) })
}

/** Links two sides with a fresh in-memory channel. */
function link(a: Side, b: Side): [MemoryChannel, MemoryChannel] {
  const [ab, ba] = channelPair(
    (frame) => a.exchange.receive(frame),
    (frame) => b.exchange.receive(frame),
  )
  a.exchange.attach(ab)
  b.exchange.attach(ba)
  return [ab, ba]
}

const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/pdf') =>
  new File([bytes], name, { type })

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer())
}

const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeout: 8_000 })

describe('services/transfer: the beamport file exchange', () => {
  it('moves files both ways at once, byte for byte, with the CRC-32 checked and progress rising', async () => {
    const agent = side()
    const customer = side()
    link(agent, customer)
    const big = patternBytes(5 * 1024 * 1024 + 123, 7)
    const back = patternBytes(300_000, 9)
    customer.exchange.send(fileOf(big, 'contract.pdf'), 'file-1', 'contract.pdf')
    agent.exchange.send(fileOf(back, 'answer.pdf'), 'file-2', 'answer.pdf')
    await until(() => agent.received.has('file-1') && customer.received.has('file-2'), 'both files')

    expect(await bytesOf(agent.received.get('file-1') as Blob)).to.deep.equal(big)
    expect(await bytesOf(customer.received.get('file-2') as Blob)).to.deep.equal(back)
    expect((agent.received.get('file-1') as Blob).type).to.equal('application/pdf')
    await until(() => customer.sent.includes('file-1') && agent.sent.includes('file-2'), 'both verified')
    const progress = agent.progress.get('file-1') ?? []
    expect(progress.at(-1)).to.equal(big.length)
    expect(progress.every((bytes, i) => i === 0 || bytes >= (progress[i - 1] ?? 0))).to.equal(true)
    expect(agent.offered).to.deep.equal([{ id: 'file-1', name: 'contract.pdf', resumed: false }])
    expect(agent.failed).to.deep.equal([])
    expect(customer.failed).to.deep.equal([])
  })

  it('keeps the channel queue under its high-water mark (back-pressure) on a large file', async () => {
    const agent = side()
    const customer = side()
    const [, toAgent] = link(agent, customer)
    const bytes = patternBytes(24 * 1024 * 1024, 3)
    customer.exchange.send(fileOf(bytes, 'video.mp4', 'video/mp4'), 'large', 'video.mp4')
    await until(() => agent.received.has('large'), 'the large file')
    expect(toAgent.peakBuffered).to.be.at.most(SEND_HIGH_WATER + BEAMPORT_CHUNK_BYTES)
    expect(CRC32.buf(await bytesOf(agent.received.get('large') as Blob)) >>> 0).to.equal(
      CRC32.buf(bytes) >>> 0,
    )
  })

  it('fails a file whose bytes were damaged (CRC-32 mismatch) on both sides, and a retry brings it whole', async () => {
    const agent = side()
    const customer = side()
    const [, toAgent] = link(agent, customer)
    let damaged = false
    toAgent.tamper = (frame) => {
      if (typeof frame === 'string' || damaged) return frame
      damaged = true
      const copy = new Uint8Array(frame.slice(0))
      copy[10] = (copy[10] ?? 0) ^ 0xff
      return copy.buffer
    }
    const bytes = patternBytes(400_000, 5)
    customer.exchange.send(fileOf(bytes, 'scan.pdf'), 'scan', 'scan.pdf')
    await until(() => agent.failed.length > 0 && customer.failed.length > 0, 'the failure on both sides')
    expect(agent.failed).to.deep.equal([{ id: 'scan', reason: 'crc', direction: 'in' }])
    expect(customer.failed).to.deep.equal([{ id: 'scan', reason: 'crc', direction: 'out' }])
    expect(agent.received.has('scan')).to.equal(false)

    expect(agent.exchange.retry('scan')).to.equal(true)
    await until(() => agent.received.has('scan'), 'the file after the retry')
    expect(await bytesOf(agent.received.get('scan') as Blob)).to.deep.equal(bytes)
    await until(() => customer.sent.includes('scan'), 'the sender told')
  })

  it('cancels a file from the receiving side: both stop, and the next file goes through clean', async () => {
    const agent = side()
    const customer = side()
    link(agent, customer)
    // Larger than the channel's high-water mark: the sender is still at it when the cancel comes.
    const first = patternBytes(24 * 1024 * 1024, 1)
    const second = patternBytes(200_000, 2)
    customer.exchange.send(fileOf(first, 'one.pdf'), 'one', 'one.pdf')
    customer.exchange.send(fileOf(second, 'two.pdf'), 'two', 'two.pdf')
    await until(() => (agent.progress.get('one')?.length ?? 0) > 2, 'the first file moving')
    agent.exchange.cancel('one')
    await until(() => customer.failed.length > 0, 'the sender told')
    expect(agent.failed).to.deep.equal([{ id: 'one', reason: 'cancelled', direction: 'in' }])
    expect(customer.failed).to.deep.equal([{ id: 'one', reason: 'cancelled-by-peer', direction: 'out' }])
    await until(() => agent.received.has('two'), 'the second file')
    expect(await bytesOf(agent.received.get('two') as Blob)).to.deep.equal(second)
    expect(agent.received.has('one')).to.equal(false)
  })

  it('cancels a file from the sending side: the receiver drops it', async () => {
    const agent = side()
    const customer = side()
    link(agent, customer)
    customer.exchange.send(fileOf(patternBytes(24 * 1024 * 1024), 'one.pdf'), 'one', 'one.pdf')
    await until(() => (agent.progress.get('one')?.length ?? 0) > 2, 'the file moving')
    customer.exchange.cancel('one')
    await until(() => agent.failed.length > 0, 'the receiver told')
    expect(agent.failed).to.deep.equal([{ id: 'one', reason: 'cancelled-by-peer', direction: 'in' }])
    expect(customer.failed).to.deep.equal([{ id: 'one', reason: 'cancelled', direction: 'out' }])
    expect(agent.received.size).to.equal(0)
  })

  it('fails a file that cannot be read (gone from disk) on both sides, and sends the next one', async () => {
    /** A file whose bytes cannot be read: its stream errors on the first read. */
    class GoneFile extends File {
      override slice(): Blob {
        return this
      }
      override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
        return unreadableStream()
      }
    }
    const agent = side()
    const customer = side()
    link(agent, customer)
    const next = patternBytes(200_000, 4)
    customer.exchange.send(new GoneFile([patternBytes(1000)], 'gone.pdf'), 'gone', 'gone.pdf')
    customer.exchange.send(fileOf(next, 'next.pdf'), 'next', 'next.pdf')
    await until(() => agent.received.has('next'), 'the next file')
    expect(customer.failed).to.deep.equal([{ id: 'gone', reason: 'unreadable', direction: 'out' }])
    expect(agent.failed).to.deep.equal([{ id: 'gone', reason: 'cancelled-by-peer', direction: 'in' }])
    expect(await bytesOf(agent.received.get('next') as Blob)).to.deep.equal(next)
  })

  it('resumes a file cut by a dropped link where the bytes stopped, on the next link', async () => {
    const agent = side()
    const customer = side()
    const [first, firstBack] = link(agent, customer)
    const bytes = patternBytes(8 * 1024 * 1024, 11)
    // The link drops as soon as a good part has moved (a poll could come after the whole file).
    let cut = false
    agent.onProgress = (_id, received) => {
      if (cut || received <= 2 * 1024 * 1024) return
      cut = true
      first.close()
      firstBack.close()
      agent.exchange.detach()
      customer.exchange.detach()
    }
    customer.exchange.send(fileOf(bytes, 'long.pdf'), 'long', 'long.pdf')
    await until(() => cut, 'a good part moved')
    const before = agent.progress.get('long')?.at(-1) ?? 0
    expect(before).to.be.below(bytes.length)

    const [, again] = link(agent, customer)
    await until(() => agent.received.has('long'), 'the file after the reconnect')
    expect(await bytesOf(agent.received.get('long') as Blob)).to.deep.equal(bytes)
    expect(agent.offered.at(-1)).to.deep.equal({ id: 'long', name: 'long.pdf', resumed: true })
    // Only the rest went over the second link.
    expect(again.binaryBytes).to.equal(bytes.length - before)
    await until(() => customer.sent.includes('long'), 'the sender told')
  })

  it('drops malformed control messages and stops a sender that sends more than it announced', async () => {
    const agent = side()
    const customer = side()
    const [toCustomer] = link(agent, customer)
    agent.exchange.receive('not json')
    agent.exchange.receive(JSON.stringify({ t: 'offer', id: '../../x', name: 'a', type: 'b', size: -1 }))
    agent.exchange.receive(JSON.stringify({ t: 'end', id: 'nobody', crc32: 1 }))
    expect(agent.offered).to.deep.equal([])
    expect(agent.failed).to.deep.equal([])

    agent.exchange.receive(
      JSON.stringify({ t: 'offer', id: 'liar', name: 'a.pdf', type: 'application/pdf', size: 10 }),
    )
    agent.exchange.receive(new Uint8Array(64).buffer)
    expect(agent.failed).to.deep.equal([{ id: 'liar', reason: 'broken', direction: 'in' }])
    await until(() => toCustomer.binaryBytes === 0 && toCustomer.bufferedAmount === 0, 'the replies sent')
  })

  it('reports a capture the other side could not take', async () => {
    const agent = side()
    const customer = side()
    link(agent, customer)
    expect(customer.exchange.post({ t: 'capture:error', reason: 'denied' })).to.equal(true)
    await until(() => agent.captureErrors.length > 0, 'the capture error')
    expect(agent.captureErrors).to.deep.equal(['denied'])
  })

  it('writes a very large file to the origin-private file system, and frees it on release', async () => {
    const agent = side(1024 * 1024)
    const customer = side()
    link(agent, customer)
    const bytes = patternBytes(9 * 1024 * 1024 + 5, 21)
    customer.exchange.send(fileOf(bytes, 'huge.mp4', 'video/mp4'), 'huge', 'huge.mp4')
    await until(() => agent.received.has('huge'), 'the file in OPFS')
    const blob = agent.received.get('huge') as Blob
    expect(blob.type).to.equal('video/mp4')
    expect(CRC32.buf(await bytesOf(blob)) >>> 0).to.equal(CRC32.buf(bytes) >>> 0)
    const root = await navigator.storage.getDirectory()
    const names = async () => {
      const found: string[] = []
      for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) found.push(name)
      return found
    }
    expect((await names()).some((name) => name.startsWith('beamport-huge-'))).to.equal(true)
    agent.releases.get('huge')?.()
    // The removal is asynchronous: look again (a bounded number of times) until it is done.
    let left = await names()
    for (let i = 0; i < 100 && left.some((name) => name.startsWith('beamport-huge-')); i++)
      left = await names()
    expect(left.some((name) => name.startsWith('beamport-huge-'))).to.equal(false)
  })
})
