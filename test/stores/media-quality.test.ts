import { expect } from '@open-wc/testing'
import { cleanStores, keepMount } from 'nanostores'
import { MEDIA_STATS_INTERVAL_MS } from '../../src/constants'
import type { CallQualityReport } from '../../src/protocol'
import type { MediaSample } from '../../src/services/media-stats'
import { $call, abandonCall } from '../../src/stores/call/call'
import { mediaConnection } from '../../src/stores/call/call-media'
import { setMediaPath } from '../../src/stores/call/media-path'
import {
  $mediaQuality,
  replaceSampleReader,
  type CallMediaQuality,
} from '../../src/stores/call/media-quality'
import { resetIce } from '../../src/stores/call/ice-config'
import { clearToasts } from '../../src/stores/app/toasts'
import { resetActivity } from '../../src/stores/status/activity'
import { connectFakeSocket, joinedCall, ok, refused, settle } from '../support/call-fixtures'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import { waitUntil } from '../support/waits'
import { mediaSample } from '../support/media-sample'

const CUSTOMER = 'customer:eeeeeeeeeeeeeeeeeeeeeeee'

describe('the media quality of a call', () => {
  let time: FakeClock
  let socket: FakeSocket
  let restoreReader: () => void
  let answeredAt = 0
  /** What the connection says at a moment of the call (`second` from its start; the probe reads in between). */
  let timeline: (second: number, elapsed: number, connection: RTCPeerConnection) => MediaSample
  let reads: { connection: RTCPeerConnection; previous: MediaSample | null; read: MediaSample }[]

  beforeEach(() => {
    time = fakeClock()
    socket = connectFakeSocket()
    keepMount($call)
    timeline = () => mediaSample()
    reads = []
    restoreReader = replaceSampleReader(async (connection, previous) => {
      const elapsed = time.now() - answeredAt
      const read = timeline(Math.floor(elapsed / MEDIA_STATS_INTERVAL_MS), elapsed, connection)
      reads.push({ connection, previous, read })
      return read
    })
  })
  afterEach(() => {
    restoreReader()
    abandonCall()
    cleanStores($call)
    clearToasts()
    resetActivity()
    resetIce()
    time.restore()
  })

  const reports = () =>
    socket.sent
      .filter((sent) => sent.event === 'call:quality')
      .map((sent) => sent.payload as CallQualityReport)

  async function callWithCustomer(): Promise<string> {
    const call = joinedCall({ peers: [{ id: CUSTOMER, role: 'customer', name: 'Ana' }] })
    answeredAt = time.now()
    socket.serverEmit('join', call)
    await waitUntil(() => mediaConnection(CUSTOMER), 'no connection to the customer', { timeout: 8_000 })
    return call.id
  }

  /** One second of the call, its sample read and graded. */
  async function second(): Promise<void> {
    await time.tick(MEDIA_STATS_INTERVAL_MS)
    await settle(10)
  }

  it("reads the customer's connection once a second, each read against the one before", async () => {
    await callWithCustomer()
    await second()
    await second()
    await second()
    const connection = mediaConnection(CUSTOMER)
    expect(reads.every((read) => read.connection === connection)).to.equal(true)
    // The setup probe looked once (the first frame was there), then one read a second.
    const chained = reads.filter((read) => read.previous !== null)
    expect(chained).to.have.length(2)
    for (const read of chained) expect(reads.some((earlier) => earlier.read === read.previous)).to.equal(true)
  })

  it('shows a new level only once it held three seconds, the path at once', async () => {
    const shown: CallMediaQuality[] = []
    const stop = $mediaQuality.listen((quality) => void shown.push(quality))
    const relayed = { candidateType: 'relay', relayProtocol: 'tcp' } as const
    const seconds = [
      mediaSample(),
      mediaSample(),
      mediaSample({ loss: 0.05 }),
      mediaSample({ loss: 0.05 }),
      mediaSample(),
      mediaSample({ loss: 0.05, ...relayed }),
      mediaSample({ loss: 0.05, ...relayed }),
      mediaSample({ loss: 0.05, ...relayed }),
    ]
    timeline = (second) => seconds[Math.min(second, seconds.length - 1)]!
    await callWithCustomer()
    for (let i = 1; i < seconds.length; i++) await second()
    stop()
    expect(shown.map(({ level, reason, transport }) => `${level}/${reason}/${transport}`)).to.deep.equal([
      'good/none/direct',
      // Two seconds of loss, then a good one: nothing said. The path changes at once.
      'good/none/tcp',
      'fair/loss/tcp',
    ])
    expect(shown.at(-1)).to.include({ candidateType: 'relay', relayProtocol: 'tcp' })
  })

  it('sends one summary when the call ends: setup to the first frame, reconnections, what was measured', async () => {
    socket.answer('call:quality', () => ok(null))
    timeline = (second, elapsed) => {
      const frames = elapsed >= 1_250 ? 1 : 0
      if (second === 0) return mediaSample({ framesDecoded: frames, candidateType: null, rttMs: null })
      if (second === 1)
        return mediaSample({
          framesDecoded: frames,
          candidateType: 'relay',
          relayProtocol: 'udp',
          packetsReceived: 100,
          rttMs: 80,
        })
      return mediaSample({
        framesDecoded: frames,
        candidateType: 'relay',
        relayProtocol: 'udp',
        packetsReceived: 200,
        packetsLost: 2,
        rttMs: 120,
      })
    }
    const callId = await callWithCustomer()
    await second()
    await second()
    // The path broke twice and came back each time.
    setMediaPath(CUSTOMER, 'reconnecting')
    setMediaPath(CUSTOMER, 'connected')
    setMediaPath(CUSTOMER, 'reconnecting')
    setMediaPath(CUSTOMER, 'connected')

    socket.serverEmit('end', { callId, reason: 'hangup' })
    expect($call.get()).to.equal(null)
    expect(reports()).to.deep.equal([
      {
        callId,
        quality: {
          // The probe looks every 0.1 s until the first frame: it saw it at 1.3 s.
          setupMs: 1_300,
          rttMs: 100,
          jitterMs: 5,
          loss: 0.0196,
          inKbps: 900,
          outKbps: 900,
          candidateType: 'relay',
          relayProtocol: 'udp',
          relayShare: 1,
          restarts: 2,
          samples: 2,
        },
      },
    ])

    // The next call starts and ends: its own summary, the first one never again.
    const next = await callWithCustomer()
    socket.serverEmit('end', { callId: next, reason: 'hangup' })
    expect(reports().map((sent) => sent.callId)).to.deep.equal([callId, next])
  })

  it('counts on across a reconnect: the new connection starts from zero, the call does not', async () => {
    socket.answer('call:quality', () => ok(null))
    let first: RTCPeerConnection | null = null
    timeline = (second, _elapsed, connection) => {
      first ??= connection
      if (connection === first)
        return second <= 1
          ? mediaSample({ packetsReceived: 100 })
          : mediaSample({ packetsReceived: 200, packetsLost: 10 })
      // A new connection after the reconnect: its counters start at 0 again.
      return second <= 3 ? mediaSample({ packetsReceived: 50 }) : mediaSample({ packetsReceived: 150 })
    }
    const callId = await callWithCustomer()
    await second()
    await second()
    socket.serverEmit('rejoin', {
      ...joinedCall({ peers: [{ id: CUSTOMER, role: 'customer', name: 'Ana' }] }),
      id: callId,
    })
    await waitUntil(
      () => mediaConnection(CUSTOMER) && mediaConnection(CUSTOMER) !== first,
      'no new connection',
    )
    await second()
    await second()
    socket.serverEmit('end', { callId, reason: 'hangup' })
    // 10 lost of 250 + 10 over the call, not 0 (the new connection's counters alone).
    expect(reports()[0]!.quality.loss).to.equal(0.0385)
  })

  it('never blocks the end nor tries again when the server does not take the summary', async () => {
    socket.answer('call:quality', () => refused(500, 'down'))
    const callId = await callWithCustomer()
    await second()
    socket.serverEmit('end', { callId, reason: 'hangup' })
    expect($call.get()).to.equal(null)
    await time.tick(5 * 60_000)
    await settle(10)
    expect(reports()).to.have.length(1)
  })
})
