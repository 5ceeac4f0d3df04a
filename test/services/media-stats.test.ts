import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { qualityOf, readMediaSample, summarize, type MediaSample } from '../../src/services/media-stats'
import { mediaPair } from '../support/media-pair'
import { mediaSample } from '../support/media-sample'

describe('services/media-stats', () => {
  it('reads the selected pair, frames decoded and bitrates of a real connection', async () => {
    const { a, b, stream } = await mediaPair()
    try {
      let last: MediaSample | null = null
      await waitUntil(
        async () => {
          last = await readMediaSample(b, last)
          return last.framesDecoded > 0 && (last.inKbps ?? 0) > 0
        },
        'video decoded and bits flowing',
        { timeout: 15_000, interval: 300 },
      )
      const read = last as unknown as MediaSample
      expect(read.candidateType).to.equal('host')
      expect(read.relayProtocol).to.equal(null)
      expect(read.rttMs).to.be.a('number')
      expect(read.bytesReceived).to.be.greaterThan(0)
    } finally {
      a.close()
      b.close()
      stream.getTracks().forEach((track) => track.stop())
    }
  })

  it('grades by the worst measure and names it', () => {
    expect(qualityOf(null)).to.deep.equal({ level: 'unknown', reason: 'none' })
    expect(qualityOf(mediaSample({ candidateType: null }))).to.deep.equal({
      level: 'unknown',
      reason: 'none',
    })
    expect(qualityOf(mediaSample())).to.deep.equal({ level: 'good', reason: 'none' })
    expect(qualityOf(mediaSample({ rttMs: 350 }))).to.deep.equal({ level: 'fair', reason: 'latency' })
    expect(qualityOf(mediaSample({ loss: 0.05 }))).to.deep.equal({ level: 'fair', reason: 'loss' })
    expect(qualityOf(mediaSample({ jitterMs: 100 }))).to.deep.equal({ level: 'poor', reason: 'jitter' })
    expect(qualityOf(mediaSample({ inKbps: 20 }))).to.deep.equal({ level: 'poor', reason: 'bitrate' })
    // Poor beats fair whatever the order of the measures.
    expect(qualityOf(mediaSample({ rttMs: 350, loss: 0.2 }))).to.deep.equal({ level: 'poor', reason: 'loss' })
  })

  it('summarises a call: means, loss over the call, the last path and the relayed share', () => {
    const samples = [
      mediaSample({ candidateType: null, rttMs: null, jitterMs: null, inKbps: null, outKbps: null }),
      mediaSample({ at: 1000, rttMs: 40, packetsReceived: 100, packetsLost: 0, candidateType: 'host' }),
      mediaSample({
        at: 2000,
        rttMs: 60,
        packetsReceived: 190,
        packetsLost: 10,
        candidateType: 'relay',
        relayProtocol: 'tcp',
      }),
      mediaSample({
        at: 3000,
        rttMs: 80,
        packetsReceived: 290,
        packetsLost: 10,
        candidateType: 'relay',
        relayProtocol: 'tcp',
      }),
    ]
    const summary = summarize(samples, { setupMs: 412.6, restarts: 1 })
    expect(summary).to.deep.equal({
      setupMs: 413,
      rttMs: 60,
      jitterMs: 5,
      loss: 0.0333,
      inKbps: 900,
      outKbps: 900,
      candidateType: 'relay',
      relayProtocol: 'tcp',
      relayShare: 0.667,
      restarts: 1,
      samples: 4,
    })
    expect(summarize([], { setupMs: null, restarts: 0 })).to.deep.equal({
      setupMs: null,
      rttMs: null,
      jitterMs: null,
      loss: null,
      inKbps: null,
      outKbps: null,
      candidateType: null,
      relayProtocol: null,
      relayShare: null,
      restarts: 0,
      samples: 0,
    })
  })
})
