import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPGlite, type PGliteDatabase } from '../../server/store/pglite-database'
import { cachedDump, migrationFiles } from './support/dump-cache'
import { TEST_DATABASE_SETTINGS } from './support/test-database-settings'

describe('the embedded database on disk', () => {
  it('opens under a data folder that does not exist yet (`.data/` on a fresh clone)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agent-console-'))
    const dataDir = join(root, '.data', 'pglite')
    try {
      const db = await openPGlite({ dataDir })
      try {
        const rows = await db.query<{ one: number }>('select 1 as one')
        assert.deepEqual(rows, [{ one: 1 }])
        assert.ok(existsSync(dataDir))
      } finally {
        await db.close()
      }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('PostgreSQL settings at open', () => {
  const sharedBuffers = async (db: PGliteDatabase) =>
    (await db.query<{ shared_buffers: string }>('show shared_buffers'))[0]?.shared_buffers

  it("starts the tests' databases with their settings, and any other with PostgreSQL's own", async () => {
    const dump = await cachedDump('agent-console-e2e-schema', migrationFiles())
    const test = await openPGlite({ loadDataDir: dump, settings: TEST_DATABASE_SETTINGS })
    try {
      assert.equal(await sharedBuffers(test), TEST_DATABASE_SETTINGS.shared_buffers)
    } finally {
      await test.close()
    }
    const product = await openPGlite({ loadDataDir: dump })
    try {
      assert.equal(await sharedBuffers(product), '128MB')
    } finally {
      await product.close()
    }
  })
})
