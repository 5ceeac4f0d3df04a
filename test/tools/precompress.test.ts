// The build's compressed copies (scripts/precompress.mjs): Brotli and gzip beside each text file of
// dist/cdn/, equal to the file once decoded, kept in a cache by content so an unchanged file (the 11 MB
// wasm runtime, most chunks) is not compressed again at the next build.
import { afterEach, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { precompress } from '../../scripts/precompress.mjs'

const text = (word: string) => `${word} `.repeat(2_000)

describe('the compressed copies of a build', () => {
  let folder: string
  let build: string
  let cacheDir: string
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'precompress-'))
    build = join(folder, 'cdn')
    cacheDir = join(folder, 'cache')
    await mkdir(join(build, 'chunks'), { recursive: true })
    await writeFile(join(build, 'index.js'), text('index'))
    await writeFile(join(build, 'chunks/a-AbCdEf12.js'), text('chunk'))
    await writeFile(join(build, 'chunks/a-AbCdEf12.js.map'), text('map'))
    await writeFile(join(build, 'tiny.css'), 'a{}')
    await writeFile(join(build, 'model.tflite'), text('model'))
  })
  afterEach(() => rm(folder, { recursive: true, force: true }))

  it('writes Brotli and gzip beside each text file, the same bytes once decoded, never larger', async () => {
    const totals = await precompress(build, { cacheDir })
    for (const file of ['index.js', 'chunks/a-AbCdEf12.js']) {
      const original = await readFile(join(build, file))
      assert.deepEqual(brotliDecompressSync(await readFile(join(build, `${file}.br`))), original, file)
      assert.deepEqual(gunzipSync(await readFile(join(build, `${file}.gz`))), original, file)
    }
    // Source maps (developer tools only) and non-text files are left alone; a copy that gains nothing is not written.
    for (const absent of ['chunks/a-AbCdEf12.js.map.br', 'model.tflite.br', 'tiny.css.br', 'tiny.css.gz'])
      assert.ok(!existsSync(join(build, absent)), absent)
    assert.equal(totals.compressed, 3)
    assert.ok(totals.brotliBytes < totals.gzipBytes && totals.gzipBytes < totals.bytes)
  })

  it('takes an unchanged file from the cache at the next build, and keeps only what that build used', async () => {
    await precompress(build, { cacheDir })
    const first = await readFile(join(build, 'index.js.br'))
    await writeFile(join(build, 'chunks/a-AbCdEf12.js'), text('changed'))
    const again = await precompress(build, { cacheDir })
    assert.equal(again.fromCache, 2, 'index.js and tiny.css')
    assert.deepEqual(await readFile(join(build, 'index.js.br')), first)
    const chunk = await readFile(join(build, 'chunks/a-AbCdEf12.js.br'))
    assert.equal(brotliDecompressSync(chunk).toString(), text('changed'))
    // Three contents of this build, two copies each: the old chunk's are gone.
    assert.equal((await readdir(cacheDir)).length, 6)
  })

  it('removes copies whose file is gone or no longer gains from compression', async () => {
    await precompress(build, { cacheDir: null })
    await rm(join(build, 'chunks/a-AbCdEf12.js'))
    await writeFile(join(build, 'index.js'), 'x')
    await precompress(build, { cacheDir: null })
    for (const gone of ['chunks/a-AbCdEf12.js.br', 'chunks/a-AbCdEf12.js.gz', 'index.js.br', 'index.js.gz'])
      assert.ok(!existsSync(join(build, gone)), gone)
  })
})
