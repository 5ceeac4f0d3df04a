// The built files as a browser (or a CDN in front of the server) gets them: the build's compressed copies
// (scripts/precompress.mjs, run here on a small build folder) chosen by Accept-Encoding, hashed chunks
// cached for good, everything else revalidated by a strong entity tag (server/http/built-files.ts).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readFile, rm, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { precompress } from '../../scripts/precompress.mjs'
import { IMMUTABLE, REVALIDATE, isHashedChunk, registerBuiltFiles } from '../../server/http/built-files'

/** Enough repeated script text that both compressions gain. */
const script = (name: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = ${JSON.stringify(name.repeat(3))};`).join(
    '\n',
  )

const CHUNK = 'chunks/CallArea-B0K0b-p0.js'
const ENTRY = 'agent-console.js'

describe('the files of a build, as the reference server sends them', () => {
  let folder: string
  let app: FastifyInstance
  const files: Record<string, string> = {
    [ENTRY]: script('entry'),
    [CHUNK]: script('chunk'),
    [`${CHUNK}.map`]: '{"version":3,"sources":[],"mappings":""}',
    'tiny.js': 'export{}',
    'virtual-background/model.tflite': 'not text at all',
  }

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'built-files-'))
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(folder, path, '..'), { recursive: true })
      await writeFile(join(folder, path), text)
    }
    await writeFile(join(folder, '.build-hash'), 'abc\n')
    await precompress(folder, { cacheDir: null })
    // A copy whose file is gone.
    await writeFile(join(folder, 'orphan.js.br'), await readFile(join(folder, `${ENTRY}.br`)))
    app = Fastify()
    registerBuiltFiles(app, {
      root: folder,
      prefix: '/dist/cdn/',
      policy: (path) => (isHashedChunk(path) ? IMMUTABLE : REVALIDATE),
    })
    await app.ready()
  })
  after(async () => {
    await app.close()
    await rm(folder, { recursive: true, force: true })
  })

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/dist/cdn/${path}`, headers })

  it('keeps a hashed chunk for a year without asking again, an entry only until it asks (ETag)', async () => {
    const chunk = await get(CHUNK, { 'accept-encoding': 'br' })
    assert.equal(chunk.statusCode, 200)
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable')
    const entry = await get(ENTRY, { 'accept-encoding': 'br' })
    assert.equal(entry.statusCode, 200)
    assert.equal(entry.headers['cache-control'], 'no-cache')
    assert.match(String(entry.headers.etag), /^"[\w-]{27}"$/)
    assert.equal(entry.headers['content-type'], 'text/javascript; charset=utf-8')
    // A source map keeps its chunk's name but is revalidated.
    assert.equal((await get(`${CHUNK}.map`)).headers['cache-control'], 'no-cache')
  })

  it('answers a revisit of an unchanged entry with 304 and no body, and a changed one with the file', async () => {
    const first = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    const etag = String(first.headers.etag)
    const revisit = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': etag })
    assert.equal(revisit.statusCode, 304)
    assert.equal(revisit.rawPayload.length, 0)
    assert.equal(revisit.headers.etag, etag)
    assert.equal(revisit.headers['cache-control'], 'no-cache')
    assert.equal((await get(ENTRY, { 'if-none-match': '"an-older-build"' })).statusCode, 200)

    // A new build swaps the folder's files: same URL, new bytes, new tag, and the old tag gets the file.
    const changed = script('entry2')
    await writeFile(join(folder, `${ENTRY}.next`), changed)
    await rename(join(folder, `${ENTRY}.next`), join(folder, ENTRY))
    const after = await get(ENTRY, { 'if-none-match': etag })
    try {
      assert.equal(after.statusCode, 200)
      assert.notEqual(after.headers.etag, etag)
      assert.equal(after.payload, changed)
    } finally {
      await writeFile(join(folder, ENTRY), files[ENTRY]!)
    }
  })

  it("sends the build's Brotli copy to a browser that takes it, the same script once decoded", async () => {
    const plain = await get(ENTRY)
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.payload, files[ENTRY])
    const chromium = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    assert.equal(chromium.headers['content-encoding'], 'br')
    assert.match(String(chromium.headers.vary), /accept-encoding/i)
    assert.equal(Number(chromium.headers['content-length']), chromium.rawPayload.length)
    assert.equal(brotliDecompressSync(chromium.rawPayload).toString(), files[ENTRY])
    assert.ok(
      chromium.rawPayload.length * 10 < plain.rawPayload.length,
      `${chromium.rawPayload.length} bytes`,
    )
    // Each encoding is its own representation, with its own strong tag.
    assert.notEqual(chromium.headers.etag, plain.headers.etag)
  })

  it('sends gzip where Brotli is not accepted, and the file itself where neither is', async () => {
    const gzip = await get(CHUNK, { 'accept-encoding': 'gzip' })
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(gzip.rawPayload).toString(), files[CHUNK])
    const refused = await get(CHUNK, { 'accept-encoding': 'br;q=0, gzip' })
    assert.equal(refused.headers['content-encoding'], 'gzip')
    for (const accepted of ['identity', 'deflate', 'zstd']) {
      const identity = await get(CHUNK, { 'accept-encoding': accepted })
      assert.equal(identity.headers['content-encoding'], undefined, accepted)
      assert.equal(identity.payload, files[CHUNK], accepted)
      assert.match(String(identity.headers.vary), /accept-encoding/i, 'a cache keeps the encodings apart')
    }
  })

  it('sends the file itself when the build wrote no smaller copy, and binary files as they are', async () => {
    const tiny = await get('tiny.js', { 'accept-encoding': 'br, gzip' })
    assert.equal(tiny.statusCode, 200)
    assert.equal(tiny.headers['content-encoding'], undefined)
    assert.equal(tiny.payload, 'export{}')
    const model = await get('virtual-background/model.tflite', { 'accept-encoding': 'br, gzip' })
    assert.equal(model.headers['content-encoding'], undefined)
    assert.equal(model.headers['content-type'], 'application/octet-stream')
    assert.equal(model.headers.vary, undefined)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: `/dist/cdn/${CHUNK}`,
      headers: { 'accept-encoding': 'br' },
    })
    const getAnswer = await get(CHUNK, { 'accept-encoding': 'br' })
    assert.equal(head.statusCode, 200)
    assert.equal(head.rawPayload.length, 0)
    for (const name of ['etag', 'content-encoding', 'content-length', 'cache-control'])
      assert.equal(head.headers[name], getAnswer.headers[name], name)
  })

  it('serves nothing outside the folder, no dot-file, no folder and no compressed copy by its own name', async () => {
    for (const path of [
      '.build-hash',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e/%2e%2e/etc/passwd',
      'chunks/..%2F..%2F.build-hash',
      'chunks',
      'chunks/',
      `${ENTRY}.br`,
      `${ENTRY}.gz`,
      'missing.js',
      'orphan.js',
      'a%00b.js',
      'chunks%5C..%5Cagent-console.js',
    ]) {
      const answer = await get(path, { 'accept-encoding': 'br, gzip' })
      assert.equal(answer.statusCode, 404, path)
    }
  })
})

describe('what a hashed chunk is', () => {
  it("is a chunk named by Rollup's chunkFileNames, with its hash; entries and other files are not", () => {
    for (const path of [
      'chunks/CallArea-B0K0b-p0.js',
      'chunks/index-DRVRL_Ho.js',
      'chunks/messages-en-Zy63Xftx.js',
    ])
      assert.ok(isHashedChunk(path), path)
    for (const path of [
      'agent-console.js',
      'index.js',
      'chunks/CallArea-B0K0b-p0.js.map',
      'virtual-background/worker.js',
      'chunks/nohash.js',
      'x/chunks/CallArea-B0K0b-p0.js',
    ])
      assert.ok(!isHashedChunk(path), path)
  })
})
