import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Worker } from 'node:worker_threads'
import { PGliteThreadDatabase } from '../../server/store/pglite-thread'
import { TestServer } from './support/test-server'
import { pollUntil } from './support/poll'
import { schemaDump } from './support/dump-cache'

/** Stops the database's thread as a crash would (PGlite aborting, the thread out of memory). */
async function crashThread(db: PGliteThreadDatabase): Promise<void> {
  // The thread is the class's own; reaching it is what a test of its crash needs.
  await (db as unknown as { worker: Worker }).worker.terminate()
}

// The embedded database runs on a thread of its own (server/store/pglite-thread.ts). If that thread dies,
// every statement fails from then on: a server left running would look alive to a process manager and
// serve nothing.
describe('the embedded database’s thread stopping under a running server', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('tells its listeners once, fails every later statement, and says nothing when closed', async () => {
    const db = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: await schemaDump() })
    const told: Error[] = []
    db.onStopped((error) => told.push(error))
    await crashThread(db)
    await pollUntil(() => told.length > 0, 'the stop told')
    assert.equal(told.length, 1)
    assert.match(told[0]!.message, /database thread stopped/)
    await assert.rejects(db.query('SELECT 1'), /database thread stopped/)
    await db.close()

    const closed = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: await schemaDump() })
    let toldOnClose = 0
    closed.onStopped(() => toldOnClose++)
    await closed.close()
    assert.equal(toldOnClose, 0, 'a thread ended by close() is no crash')
  })

  it('logs a fatal line, is no longer ready, and asks the process to end (npm start exits 1)', async () => {
    const db = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: await schemaDump() })
    const lines: string[] = []
    const fatal: Error[] = []
    server = await TestServer.start({
      database: db,
      logLevel: 'warn',
      logStream: { write: (line: string) => void lines.push(line) },
      onFatal: (error) => fatal.push(error),
    })
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200)
    await crashThread(db)
    await pollUntil(() => fatal.length > 0, 'onFatal called')
    assert.equal(fatal.length, 1)
    const line = lines
      .map((text) => JSON.parse(text) as { level: string; msg: string; err?: { message?: string } })
      .find((entry) => entry.msg.startsWith('database thread stopped'))
    assert.ok(line, `no fatal line in ${lines.join('')}`)
    assert.equal(line.level, 'fatal')
    assert.match(line.err?.message ?? '', /database thread stopped \(exit code 1\)/)
    const ready = await fetch(`${server.url}/readyz`)
    assert.equal(ready.status, 503)
    const body = (await ready.json()) as { checks: { database: string } }
    assert.equal(body.checks.database, 'unreachable')
  })
})
