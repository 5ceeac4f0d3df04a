// `npm start` runs the server's build (dist/server/main.js, scripts/build-server.mjs), not its TypeScript:
// the build must find what the sources find beside them (migrations, demo pages, the bundle) and come
// back on the PGlite folder it left, as after a crash.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBuiltServer, type RunningServer } from './support/server'

/** A page or answer of the server, with its status. */
async function get(server: RunningServer, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) })
  return { status: response.status, text: await response.text() }
}

describe('the built server', () => {
  it('migrates, seeds and serves on a new PGlite folder, then starts again on it after kill -9', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'built-server-'))
    const dataDir = join(folder, 'pglite')
    let server: RunningServer | undefined
    try {
      server = await startBuiltServer({ DATABASE_URL: dataDir })
      assert.equal((await get(server, '/readyz')).status, 200, server.output())
      const page = await get(server, '/')
      assert.equal(page.status, 200)
      assert.match(page.text, /<agent-console/)
      assert.equal((await get(server, '/customer.html')).status, 200)
      // The demo seed is there: a segment the customer page offers.
      const segments = await get(server, '/api/public/segments')
      assert.match(segments.text, /Billing/, `segments: ${segments.status} ${segments.text}`)
      const port = server.port
      await server.kill()
      server = await startBuiltServer({ DATABASE_URL: dataDir }, port)
      assert.equal((await get(server, '/readyz')).status, 200, server.output())
      assert.match((await get(server, '/api/public/segments')).text, /Billing/)
    } finally {
      await server?.stop()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
