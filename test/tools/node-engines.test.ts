import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import semver from 'semver'

// The brief runs on Node 20: a dependency whose `engines` asks for more must be proven to run here.
// Each one is named below with the test that exercises the code of it that the project reaches.
const PROVEN_ON_NODE_20 = new Set(['cookie@2.0.2'])

/** Every installed package (nested copies included) whose `engines.node` rejects this Node. */
function packagesRejectingThisNode(folder = 'node_modules'): string[] {
  const found: string[] = []
  for (const name of readdirSync(folder)) {
    if (name.startsWith('.')) continue
    const path = join(folder, name)
    if (name.startsWith('@')) {
      found.push(...packagesRejectingThisNode(path))
      continue
    }
    const manifest = join(path, 'package.json')
    if (existsSync(manifest)) {
      const {
        name: id,
        version,
        engines,
      } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name: string
        version: string
        engines?: { node?: string }
      }
      if (engines?.node && !semver.satisfies(process.versions.node, engines.node))
        found.push(`${id}@${version}`)
    }
    if (existsSync(join(path, 'node_modules')))
      found.push(...packagesRejectingThisNode(join(path, 'node_modules')))
  }
  return found
}

describe('dependencies on this Node', () => {
  it('installs nothing whose engines reject this Node but the packages proven below', () => {
    const unproven = packagesRejectingThisNode().filter((id) => !PROVEN_ON_NODE_20.has(id))
    assert.deepEqual(unproven, [])
  })

  it('cookie@2.0.2 (engines: Node ≥ 22) encodes the cookies of an injected request (light-my-request, Fastify’s inject)', async () => {
    const app = Fastify()
    app.get('/echo', async (request) => ({ cookie: request.headers.cookie ?? null }))
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/echo',
        cookies: { session: 'a b;c', theme: 'dark' },
      })
      assert.equal(response.statusCode, 200)
      assert.deepEqual(response.json(), { cookie: 'session=a%20b%3Bc; theme=dark' })
    } finally {
      await app.close()
    }
  })
})
