import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { channelPair, patternBytes, type MemoryChannel } from '../support/memory-channel'
import { CustomerTransfers, type CustomerFile } from '../../server/customer-page/file-transfer'
import { FileExchange, type TransferFailure } from '../../src/services/transfer/file-exchange'

const AGENT = 'agent:aaaaaaaaaaaaaaaaaaaaaaaa'

/** The customer page's transfers and a console's exchange, joined by an in-memory channel. */
function pair(onChanged: (file: CustomerFile) => void = () => undefined) {
  const seen: { file: CustomerFile; blob: boolean }[] = []
  const transfers = new CustomerTransfers({
    changed: (file, blob) => {
      seen.push({ file: { ...file }, blob: blob !== undefined })
      onChanged(file)
    },
  })
  const agent = {
    received: new Map<string, Blob>(),
    failed: [] as { id: string; reason: TransferFailure }[],
    sent: [] as string[],
    /** Called with each progress of a file (the test cancels from here). */
    onProgress: (_id: string) => undefined as void,
  }
  const exchange = new FileExchange({
    incoming: () => undefined,
    progress: (id) => agent.onProgress(id),
    received: (id, stored) => agent.received.set(id, stored.blob),
    sent: (id) => agent.sent.push(id),
    failed: (id, reason) => agent.failed.push({ id, reason }),
  })
  const [customerEnd, agentEnd] = channelPair(
    (frame) => transfers.frame(AGENT, 'files', frame),
    (frame) => exchange.receive(frame),
  ) as [MemoryChannel, MemoryChannel]
  transfers.opened(AGENT, 'files', customerEnd as unknown as RTCDataChannel)
  exchange.attach(agentEnd)
  const file = (name: string) => transfers.files.find((item) => item.name === name)
  return { transfers, exchange, agent, seen, file }
}

describe('customer page: files with the agent, and cancels from either side', () => {
  it("takes the agent's cancel of a file it sends: failed as cancelled by the agent, and the next file goes", async () => {
    const { transfers, exchange, agent, file } = pair()
    // The console cancels as soon as bytes come in (its agent clicked Cancel on a slow file).
    agent.onProgress = (id) => exchange.cancel(id)
    transfers.send([new File([patternBytes(3 * 1024 * 1024)], 'scan.pdf')])
    await waitUntil(() => file('scan.pdf')?.state === 'failed', 'the customer side never stopped')
    expect(file('scan.pdf')?.error).to.equal('cancelled-by-peer')
    expect(agent.failed.map((failure) => failure.reason)).to.deep.equal(['cancelled'])
    expect(agent.received.size).to.equal(0)

    agent.onProgress = () => undefined
    const next = patternBytes(100_000, 2)
    transfers.send([new File([next], 'next.pdf')])
    await waitUntil(() => file('next.pdf')?.state === 'done', 'the channel broke after the cancel')
    const received = [...agent.received.values()][0] as Blob
    expect(new Uint8Array(await received.arrayBuffer())).to.deep.equal(next)
  })

  it("takes the agent's cancel of a file coming to the customer: failed, and no download offered", async () => {
    // The agent cancels once the customer's side has some of the bytes (it clicked Cancel mid-way).
    let cancel = () => undefined as void
    const { transfers, exchange, seen, file } = pair((changed) => {
      if (changed.bytes > 0 && changed.state === 'moving') cancel()
    })
    cancel = () => exchange.cancel('guide-1')
    exchange.send(new File([patternBytes(8 * 1024 * 1024)], 'guide.pdf'), 'guide-1', 'guide.pdf')
    await waitUntil(() => file('guide.pdf')?.state === 'failed', 'the customer side never stopped')
    expect(file('guide.pdf')?.error).to.equal('cancelled-by-peer')
    expect(seen.some((change) => change.blob)).to.equal(false)
    expect(transfers.files).to.have.length(1)
  })

  it("sends the customer's own cancel to the agent", async () => {
    const { transfers, agent, file } = pair()
    let cancelled = false
    agent.onProgress = () => {
      if (cancelled) return
      cancelled = true
      transfers.cancel(file('photo.pdf')?.id as string)
    }
    // Large enough that the agent hears of progress before the last byte (2 MiB could all arrive at once).
    transfers.send([new File([patternBytes(8 * 1024 * 1024)], 'photo.pdf')])
    await waitUntil(() => agent.failed.length === 1, 'the agent never heard')
    expect(agent.failed[0]?.reason).to.equal('cancelled-by-peer')
    expect(file('photo.pdf')).to.include({ state: 'failed', error: 'cancelled' })
  })
})
