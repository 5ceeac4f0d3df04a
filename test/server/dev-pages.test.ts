import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { TestServer } from './support/test-server'

/** Status and body of a GET outside /api. */
async function get(server: TestServer, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, text: await response.text() }
}

/** Every way a test-only page might be reached. */
const TEST_ONLY = [
  '/test-agent.html',
  '/test-agent.js',
  '/test-agent.js.map',
  '/demo/test-agent.html',
  '/demo/test%2Dagent.html',
]

describe('the test-only agent page', () => {
  describe('with the development endpoints off (production)', () => {
    let server: TestServer
    before(async () => {
      server = await TestServer.start({ devEndpoints: false })
    })
    after(() => server.close())

    it('is not served, nor its script with its source map', async () => {
      for (const path of TEST_ONLY) assert.equal((await get(server, path)).status, 404, path)
      const customer = await get(server, '/customer.html')
      assert.equal(customer.status, 200, 'the customer page still is')
      assert.equal((await get(server, '/demo/customer.html')).status, 200)
      assert.equal((await server.http('POST', '/dev/claims', { body: {} })).status, 404)
    })
  })

  describe('with the development endpoints on', () => {
    let server: TestServer
    before(async () => {
      server = await TestServer.start({ devEndpoints: true })
    })
    after(() => server.close())

    it('serves the page and its script with the source map of test-agent.ts beside it', async () => {
      const page = await get(server, '/test-agent.html')
      assert.equal(page.status, 200)
      assert.match(page.text, /<script type="module" src="\/test-agent.js">/)
      const script = await get(server, '/test-agent.js')
      assert.equal(script.status, 200)
      assert.match(script.text, /\n\/\/# sourceMappingURL=test-agent\.js\.map\n?$/)
      const map = await get(server, '/test-agent.js.map')
      assert.equal(map.status, 200)
      const sources = (JSON.parse(map.text) as { sources: string[] }).sources
      assert.ok(sources.some((source) => source.endsWith('customer-page/test-agent.ts')))
      // Under /demo/ only the page's own route serves it.
      assert.equal((await get(server, '/demo/test-agent.html')).status, 404)
    })
  })
})
