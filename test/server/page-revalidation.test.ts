// A page and /version.txt as a browser revisits them: `no-cache` with an entity tag, so a revisit costs a
// 304 while nothing changed. A page's answers differ by their style nonce alone: its 304 keeps the nonce of
// the browser's copy, in the Content-Security-Policy that the browser stores with it.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { TestServer } from './support/test-server'

let server: TestServer
before(async () => {
  server = await TestServer.start({ version: '1.2.3' })
})
after(() => server.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, signal: AbortSignal.timeout(20_000) })

/** The style nonce that the policy of `response` allows. */
function policyNonce(response: Response): string | undefined {
  return /style-src [^;]*'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
}

describe('a page revisited', () => {
  it("is a 304 under the nonce the browser's copy carries, while the page is the same", async () => {
    for (const path of ['/', '/customer.html', '/demo/policies.html', '/login']) {
      const first = await get(path)
      assert.equal(first.status, 200, path)
      // Each visitor gets a nonce of its own: a CDN stores no copy of a page.
      assert.equal(first.headers.get('cache-control'), 'private, no-cache', path)
      const html = await first.text()
      const nonce = policyNonce(first)
      assert.ok(nonce && html.includes(`<meta name="csp-nonce" content="${nonce}" />`), path)
      const etag = first.headers.get('etag') ?? ''
      assert.ok(etag.includes(nonce), `${path}: ${etag}`)

      const revisit = await get(path, { 'if-none-match': etag })
      assert.equal(revisit.status, 304, path)
      assert.equal(await revisit.text(), '')
      assert.equal(revisit.headers.get('etag'), etag, path)
      // The stored copy's <style nonce> stays allowed: the policy of the 304 names that nonce.
      assert.equal(policyNonce(revisit), nonce, path)
    }
  })

  it('gets the page, under a new nonce, when its tag is of another page or build, or not one of ours', async () => {
    const first = await get('/')
    const etag = first.headers.get('etag') ?? ''
    const nonce = policyNonce(first) ?? ''
    const file = etag.slice(1, etag.indexOf('.'))
    for (const tag of [
      `"AnOlderBuildOfThePage00000000.${nonce}"`,
      `"${file}.not-a-nonce"`,
      `"${file}.${nonce}'; script-src *"`,
      `"${file}."`,
      '*',
    ]) {
      const answer = await get('/', { 'if-none-match': tag })
      assert.equal(answer.status, 200, tag)
      const fresh = policyNonce(answer)
      assert.ok(fresh && fresh !== nonce, tag)
      assert.ok((await answer.text()).includes(`<meta name="csp-nonce" content="${fresh}" />`), tag)
    }
    // Another page's tag is not this page's.
    const customer = (await get('/customer.html')).headers.get('etag') ?? ''
    assert.equal((await get('/', { 'if-none-match': customer })).status, 200)
  })
})

describe('/version.txt revisited', () => {
  it('is a 304 while the version is the same', async () => {
    const first = await get('/version.txt')
    assert.equal(await first.text(), '1.2.3')
    assert.equal(first.headers.get('cache-control'), 'no-cache')
    const etag = first.headers.get('etag') ?? ''
    assert.match(etag, /^"[\w-]{27}"$/)
    assert.equal((await get('/version.txt', { 'if-none-match': etag })).status, 304)
    const other = await get('/version.txt', { 'if-none-match': '"another-version"' })
    assert.equal(other.status, 200)
    assert.equal(await other.text(), '1.2.3')
  })
})

describe('a demo file', () => {
  it('is revalidated by its entity tag', async () => {
    const first = await get('/demo/theme.css')
    assert.equal(first.status, 200)
    assert.equal(first.headers.get('cache-control'), 'no-cache')
    assert.match(first.headers.get('content-type') ?? '', /^text\/css/)
    const etag = first.headers.get('etag') ?? ''
    const revisit = await get('/demo/theme.css', { 'if-none-match': etag })
    assert.equal(revisit.status, 304)
    // The browser keeps its copy's other headers: the 304 carries what revalidation needs, a few hundred bytes.
    assert.deepEqual(
      [...revisit.headers.keys()]
        .filter((name) => !['connection', 'date', 'keep-alive'].includes(name))
        .sort(),
      ['cache-control', 'etag', 'vary'],
    )
    assert.equal(first.headers.get('x-content-type-options'), 'nosniff', 'the 200 has them all')
    // Pages under /demo/ are answered with their nonce, never as files.
    const page = await get('/demo/policies.html')
    assert.ok(policyNonce(page))
  })
})
