import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { TestServer } from './support/test-server'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The bytes as they came on the wire (fetch would decompress them). */
  body: Buffer
}

/** A GET whose body is read as sent, not decoded. */
function rawGet(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    sent.setTimeout(30_000, () => sent.destroy(new Error(`GET ${path}: no answer within 30 s`)))
    sent.on('error', reject)
    sent.end()
  })
}

describe("the customer page's script as a customer's browser gets it", () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('comes compressed in the best encoding the browser accepts, the same script in each', async () => {
    const plain = await rawGet(server, '/customer.js')
    assert.equal(plain.status, 200)
    assert.match(String(plain.headers['content-type']), /^text\/javascript/)
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.match(String(plain.headers.vary), /accept-encoding/i)

    const chromium = await rawGet(server, '/customer.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    assert.equal(chromium.headers['content-encoding'], 'br')
    assert.deepEqual(brotliDecompressSync(chromium.body), plain.body)
    const gzipOnly = await rawGet(server, '/customer.js', { 'accept-encoding': 'gzip' })
    assert.equal(gzipOnly.headers['content-encoding'], 'gzip')
    assert.deepEqual(gunzipSync(gzipOnly.body), plain.body)
    // Refused encodings are not used.
    const noBrotli = await rawGet(server, '/customer.js', { 'accept-encoding': 'br;q=0, gzip' })
    assert.equal(noBrotli.headers['content-encoding'], 'gzip')
    const identity = await rawGet(server, '/customer.js', { 'accept-encoding': 'identity' })
    assert.equal(identity.headers['content-encoding'], undefined)
    assert.deepEqual(identity.body, plain.body)
    assert.ok(
      chromium.body.length * 2 < plain.body.length,
      `${chromium.body.length} of ${plain.body.length} bytes`,
    )
  })

  it('links its source map instead of carrying it: the map is fetched only by developer tools', async () => {
    const script = (await rawGet(server, '/customer.js')).body.toString()
    assert.doesNotMatch(script, /sourceMappingURL=data:/)
    assert.match(script, /\n\/\/# sourceMappingURL=customer\.js\.map\n?$/)
    const map = await rawGet(server, '/customer.js.map')
    assert.equal(map.status, 200)
    const { sources } = JSON.parse(map.body.toString()) as { sources: string[] }
    assert.ok(sources.some((source) => source.endsWith('server/customer-page/main.ts')))
  })

  it('answers a revisit with 304 while the script is the same, and with the script for another tag', async () => {
    const first = await rawGet(server, '/customer.js', { 'accept-encoding': 'br' })
    const etag = String(first.headers.etag)
    assert.match(etag, /^"[\w-]{20,}"$/)
    assert.equal(first.headers['cache-control'], 'no-cache')

    const revisit = await rawGet(server, '/customer.js', { 'accept-encoding': 'br', 'if-none-match': etag })
    assert.equal(revisit.status, 304)
    assert.equal(revisit.body.length, 0)
    assert.equal(revisit.headers.etag, etag)
    const weak = await rawGet(server, '/customer.js', { 'if-none-match': `"other", W/${etag}` })
    assert.equal(weak.status, 304)

    const stale = await rawGet(server, '/customer.js', { 'if-none-match': '"an-older-script"' })
    assert.equal(stale.status, 200)
    assert.ok(stale.body.length > 0)
  })
})
