import { expect } from '@open-wc/testing'
import {
  CHUNK_IMPORT_KEY,
  chunkFailures,
  importChunk,
  importWithRetries,
  installChunkImport,
} from '../../src/services/chunk-import'
import { CHUNK_IMPORT_ATTEMPTS, CHUNK_RETRY_DELAY_MS } from '../../src/constants'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { waitUntil, within } from '../support/waits'

/** A chunk the test server fails once, then serves (web-test-runner.config.mjs, `flakyChunk`). */
const flakyChunk = () => new URL(`/flaky-chunk/${crypto.randomUUID()}.js`, location.href).href

async function failure(loading: Promise<unknown>): Promise<unknown> {
  return loading.then(
    () => expect.fail('the import was expected to fail'),
    (error: unknown) => error,
  )
}

describe('importChunk', () => {
  it('asks again, under a retry query, for a chunk whose import failed: a plain import stays failed', async () => {
    const url = flakyChunk()
    expect(await failure(importChunk(url))).to.be.instanceOf(TypeError)
    expect(chunkFailures(url)).to.equal(1)
    // What the retry works around: the browser keeps the failure of the URL itself.
    expect(await failure(import(/* @vite-ignore */ url))).to.be.instanceOf(TypeError)

    const module = (await importChunk(url)) as { default: string }
    expect(module.default).to.equal('retry=1')
    expect(chunkFailures(url)).to.equal(1)
    // Loaded once, the same module comes back: no second copy of its state.
    expect(await importChunk(url)).to.equal(module)
  })

  it('counts each failure, so every retry is a URL the browser has not seen fail', async () => {
    const url = 'http://127.0.0.1:9/never-served.js'
    await failure(importChunk(url))
    await failure(importChunk(url))
    expect(chunkFailures(url)).to.equal(2)
  })

  it('is installed once on the page, where the built chunks look for it', () => {
    installChunkImport()
    const installed = (globalThis as { [CHUNK_IMPORT_KEY]?: unknown })[CHUNK_IMPORT_KEY]
    expect(installed).to.equal(importChunk)
    installChunkImport()
    expect((globalThis as { [CHUNK_IMPORT_KEY]?: unknown })[CHUNK_IMPORT_KEY]).to.equal(installed)
  })
})

describe('importWithRetries', () => {
  let time: FakeClock
  beforeEach(() => (time = fakeClock()))
  afterEach(() => time.restore())

  it('asks again for a chunk that failed, after the delay, and resolves with it', async () => {
    const url = flakyChunk()
    let tries = 0
    const loading = importWithRetries(() => {
      tries++
      return importChunk(url)
    })
    await waitUntil(() => chunkFailures(url) === 1, 'the first try did not fail')
    await time.tick(CHUNK_RETRY_DELAY_MS - 1)
    expect(tries).to.equal(1)
    await time.tick(1)
    const module = (await within(loading, 5_000, 'the second try')) as { default: string }
    expect(module.default).to.equal('retry=1')
    expect(tries).to.equal(2)
  })

  it('gives up after the last try, with its failure', async () => {
    const url = `http://127.0.0.1:9/never-served-${crypto.randomUUID()}.js`
    const loading = failure(importWithRetries(() => importChunk(url)))
    for (let failed = 1; failed < CHUNK_IMPORT_ATTEMPTS; failed++) {
      await waitUntil(() => chunkFailures(url) === failed, `try ${failed} did not fail`)
      await time.tick(CHUNK_RETRY_DELAY_MS)
    }
    expect(await within(loading, 5_000, 'the last failure')).to.be.instanceOf(TypeError)
    expect(chunkFailures(url)).to.equal(CHUNK_IMPORT_ATTEMPTS)
  })
})
