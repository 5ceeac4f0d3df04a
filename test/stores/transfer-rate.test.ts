import { expect } from '@open-wc/testing'
import { RateMeter } from '../../src/stores/call/transfer-rate'
import { TRANSFER_RATE_WINDOW_MS } from '../../src/constants'

describe('stores/call/transfer-rate: speed and time left of a file on the move', () => {
  it('says nothing until enough time passed, then bytes per second and what is left', () => {
    const meter = new RateMeter(0, 0)
    expect(meter.sample(10_000, 100, 1_000_000)).to.deep.equal({ speed: null, remainingMs: null })
    const rate = meter.sample(500_000, 1_000, 1_000_000)
    expect(rate.speed).to.equal(500_000)
    expect(rate.remainingMs).to.equal(1_000)
  })

  it('measures over the last few seconds only: a stall shows, an old burst fades', () => {
    const meter = new RateMeter(0, 0)
    meter.sample(9_000_000, 1_000, 20_000_000)
    meter.sample(9_000_000, 2_000, 20_000_000)
    const later = meter.sample(9_000_000, 1_000 + TRANSFER_RATE_WINDOW_MS + 1_000, 20_000_000)
    expect(later.speed).to.equal(0)
    expect(later.remainingMs).to.equal(null)
  })
})
