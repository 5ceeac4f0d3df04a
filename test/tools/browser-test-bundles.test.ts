import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { bundleTest, bundleTests } from '../../scripts/browser-test-bundles.mjs'

const serve = (path: string) => bundleTests.serve({ path })

describe("the browser tests' bundles", () => {
  it('link their source map, served where the link points, mapping back to the test file', async () => {
    const test = '/test/services/browser-support.test.ts'
    const bundle = await serve(test)
    assert.equal(bundle?.type, 'js')
    const link = bundle.body.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1]
    assert.ok(link, 'the bundle ends with a link to its map')
    assert.ok(!link.startsWith('data:'), 'the map is linked, not inline')
    const mapPath = new URL(link, `http://localhost${test}`).pathname
    const map = JSON.parse((await serve(mapPath))!.body) as { sources: string[]; mappings: string }
    const sources = map.sources.map((source) => new URL(source, `http://localhost${mapPath}`).pathname)
    assert.ok(sources.includes(test), `the map names the test's own file: ${sources.slice(-3).join(', ')}`)
    assert.ok(map.mappings.length > 0)
  })

  it('serve the very code their map was made for (the map is built only when asked for)', async () => {
    for (const test of ['/test/services/browser-support.test.ts', '/test/components/login.test.ts']) {
      const served = await serve(test)
      const mapped = await bundleTest(test, { map: true })
      assert.ok(mapped.map, `${test}: a map`)
      // A map's lines and columns point into the code it was made with: any other byte would shift them.
      assert.ok(served?.body === mapped.code, `${test}: the code served is the code the map was made for`)
    }
  })

  it('serve no map for a test that does not exist', async () => {
    assert.equal(await serve('/test/services/no-such.test.js.map'), undefined)
  })
})
