import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SourceMapGenerator } from 'source-map-js'
import { ownerOf, pathOwners } from '../../bench/support/path-owners.mjs'

describe('bench/support/path-owners: where the path’s bytes come from', () => {
  let dir: string
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'path-owners-'))
  })
  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('names the package, the innermost one when packages nest, or the console folder', () => {
    assert.equal(ownerOf('../../node_modules/react-dom/cjs/react-dom.production.js'), 'react-dom')
    assert.equal(ownerOf('../../node_modules/@fullcalendar/core/index.js'), '@fullcalendar/core')
    assert.equal(
      ownerOf('../../node_modules/@fullcalendar/core/node_modules/preact/dist/preact.mjs'),
      'preact',
    )
    assert.equal(ownerOf('../../../src/stores/call/call.ts'), 'src/stores')
    assert.equal(ownerOf('\u0000commonjsHelpers.js'), 'bundler')
  })

  it('gzips each owner’s code alone, and a file with an empty map as compiled messages', async () => {
    const react = 'function render(){return"react dom code"}'
    const store = 'const $call=atom(null);'
    const map = new SourceMapGenerator({ file: 'chunk.js' })
    map.addMapping({
      generated: { line: 1, column: 0 },
      original: { line: 1, column: 0 },
      source: '../node_modules/react-dom/x.js',
    })
    map.addMapping({
      generated: { line: 1, column: react.length },
      original: { line: 1, column: 0 },
      source: '../src/stores/call.ts',
    })
    await writeFile(join(dir, 'chunk.js'), react + store)
    await writeFile(join(dir, 'chunk.js.map'), map.toString())
    const messages = '{"app.title":[{"type":0,"value":"Agent console"}]}'
    await writeFile(join(dir, 'en-core-abc.js'), messages)
    await writeFile(
      join(dir, 'en-core-abc.js.map'),
      JSON.stringify({ version: 3, sources: [], mappings: '' }),
    )

    const owners = pathOwners([join(dir, 'chunk.js'), join(dir, 'en-core-abc.js')])
    const alone = (text: string) => gzipSync(text, { level: 9 }).length
    assert.deepEqual(
      new Map(owners.map((owner) => [owner.owner, [owner.raw, owner.gzippedAlone]])),
      new Map([
        ['react-dom', [react.length, alone(react)]],
        ['src/stores', [store.length, alone(store)]],
        ['compiled messages', [messages.length, alone(messages)]],
      ]),
    )
  })

  it('fails when a file has no source map: nothing to measure', async () => {
    await writeFile(join(dir, 'bare.js'), 'export {}')
    assert.throws(() => pathOwners([join(dir, 'bare.js')]), /ENOENT/)
  })
})
