import { expect } from '@open-wc/testing'
import {
  CHUNK_IMPORT_KEY,
  chunkFailures,
  importChunk,
  installChunkImport,
} from '../../src/services/chunk-import'

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
