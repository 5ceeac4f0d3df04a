import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPGlite } from '../../server/store/pglite-database'

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
