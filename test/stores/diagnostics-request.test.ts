import { expect } from '@open-wc/testing'
import { CHUNK_IMPORT_ATTEMPTS, CHUNK_RETRY_DELAY_MS } from '../../src/constants'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { requestDiagnostics, type DiagnosticsMaker } from '../../src/stores/profile/diagnostics-request'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { waitUntil, within } from '../support/waits'

describe('requestDiagnostics (the profile menu entry)', () => {
  let time: FakeClock
  beforeEach(() => (time = fakeClock()))
  afterEach(() => {
    time.restore()
    clearToasts()
  })

  /** A chunk that fails `failures` times (a network cut), then loads a maker that counts its downloads. */
  function flakyChunk(failures: number) {
    const seen = { tries: 0, downloads: 0 }
    const maker: DiagnosticsMaker = {
      downloadDiagnostics: async () => {
        seen.downloads++
        return true
      },
    }
    const load = async () => {
      seen.tries++
      if (seen.tries <= failures) throw new TypeError('Failed to fetch dynamically imported module')
      return maker
    }
    return { seen, load }
  }

  it('asks again for a chunk that failed, then makes the file', async () => {
    const { seen, load } = flakyChunk(1)
    const saved = requestDiagnostics(load)
    await waitUntil(() => seen.tries === 1, 'the chunk was not asked for')
    await time.tick(CHUNK_RETRY_DELAY_MS)
    expect(await within(saved, 5_000, 'the download')).to.equal(true)
    expect(seen).to.deep.equal({ tries: 2, downloads: 1 })
    expect($toasts.get()).to.deep.equal([])
  })

  it('says the diagnostics could not be made when the chunk never comes', async () => {
    const { seen, load } = flakyChunk(Infinity)
    const saved = requestDiagnostics(load)
    for (let tried = 1; tried < CHUNK_IMPORT_ATTEMPTS; tried++) {
      await waitUntil(() => seen.tries === tried, `try ${tried} was not made`)
      await time.tick(CHUNK_RETRY_DELAY_MS)
    }
    expect(await within(saved, 5_000, 'the failure')).to.equal(false)
    expect(seen.tries).to.equal(CHUNK_IMPORT_ATTEMPTS)
    expect($toasts.get().map((toast) => [toast.variant, toast.messageId])).to.deep.equal([
      ['danger', 'profile.diagnostics.failed'],
    ])
  })
})
