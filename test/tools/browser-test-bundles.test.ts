import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { bundleTests } from '../../scripts/browser-test-bundles.mjs'

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

  it('serve no map for a test that does not exist', async () => {
    assert.equal(await serve('/test/services/no-such.test.js.map'), undefined)
  })
})
