import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { FolderInUseError, lockFolder } from '../../server/store/folder-lock'
import { openPGlite } from '../../server/store/pglite-database'

function folder(): { dir: string; data: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'folder-lock-'))
  return { dir, data: join(dir, 'pglite'), done: () => rmSync(dir, { recursive: true, force: true }) }
}

describe('the PGlite folder lock', () => {
  it('refuses a folder already open, naming its holder and what to do', async () => {
    const { data, done } = folder()
    const db = await openPGlite({ dataDir: data })
    try {
      await assert.rejects(openPGlite({ dataDir: data }), (error: unknown) => {
        assert.ok(error instanceof FolderInUseError)
        assert.match(error.message, new RegExp(`pid ${process.pid} on ${hostname()}`))
        assert.match(error.message, /use PostgreSQL \(DATABASE_URL\)/)
        return true
      })
    } finally {
      await db.close()
      done()
    }
  })

  it('releases the lock on close, so the next process opens the folder', async () => {
    const { data, done } = folder()
    try {
      const first = await openPGlite({ dataDir: data })
      await first.close()
      assert.equal(existsSync(`${data}.lock`), false)
      const second = await openPGlite({ dataDir: data })
      assert.deepEqual(await second.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }])
      await second.close()
    } finally {
      done()
    }
  })

  it('takes over the lock of a process that is gone (kill -9 leaves it behind)', () => {
    const { data, done } = folder()
    try {
      // A pid that existed and exited: its process is gone for sure.
      const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid
      writeFileSync(`${data}.lock`, JSON.stringify({ pid: gone, host: hostname(), since: 'earlier' }))
      const release = lockFolder(data)
      assert.equal(JSON.parse(readFileSync(`${data}.lock`, 'utf8')).pid, process.pid)
      release()
      assert.equal(existsSync(`${data}.lock`), false)
    } finally {
      done()
    }
  })
})
