import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGliteThreadDatabase } from '../../server/store/pglite-thread'
import { inputErrorOf } from '../../server/errors'
import { schemaDump } from './support/dump-cache'

// The embedded database as the server opens it: PGlite on a worker thread, behind `Database`.
describe('PGlite on its own thread (server/store/pglite-thread)', () => {
  let db: PGliteThreadDatabase
  before(async () => {
    db = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: await schemaDump() })
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, body jsonb, at timestamptz)')
  })
  after(() => db.close())

  it('answers rows as on the server’s thread: dates as Date, jsonb parsed, parameters bound', async () => {
    const at = new Date('2026-11-27T10:00:00.000Z')
    await db.query('INSERT INTO items VALUES ($1, $2, $3)', [1, JSON.stringify({ name: 'Ana' }), at])
    const rows = await db.query<{ id: number; body: unknown; at: Date }>(
      'SELECT * FROM items WHERE id = $1',
      [1],
    )
    assert.equal(rows.length, 1)
    assert.deepEqual(rows[0]!.body, { name: 'Ana' })
    assert.ok(rows[0]!.at instanceof Date, 'a timestamptz is a Date')
    assert.equal(rows[0]!.at.toISOString(), at.toISOString())
  })

  it('gives back PostgreSQL’s error fields, so bad input is still a 400 and a conflict names its constraint', async () => {
    await db.query('INSERT INTO items (id) VALUES (10)')
    const duplicate = await db.query('INSERT INTO items (id) VALUES (10)').then(
      () => null,
      (error: unknown) => error,
    )
    assert.ok(duplicate instanceof Error)
    assert.equal((duplicate as Error & { code?: string }).code, '23505')
    assert.equal((duplicate as Error & { constraint?: string }).constraint, 'items_pkey')
    const nul = await db.query('SELECT $1::text', ['a\u0000b']).then(
      () => null,
      (error: unknown) => error,
    )
    assert.equal(inputErrorOf(nul)?.code, 400)
  })

  it('commits a transaction whose work resolves, and rolls back one whose work throws, with its own error', async () => {
    const kept = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (20)')
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = 20'))[0]!.n
    })
    assert.equal(kept, 1)
    const failure = new Error('the work changed its mind')
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id) VALUES (21)')
        throw failure
      }),
      (error) => error === failure,
    )
    const rows = await db.query<{ id: number }>('SELECT id FROM items WHERE id IN (20, 21) ORDER BY id')
    assert.deepEqual(
      rows.map((row) => row.id),
      [20],
    )
  })

  it('runs a statement sent during a transaction after it, as one connection does', async () => {
    let outside: Promise<{ n: number }[]> | null = null
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (30)')
      outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id IN (30, 31)')
      await tx.query('INSERT INTO items (id) VALUES (31)')
    })
    assert.deepEqual(await outside!, [{ n: 2 }])
  })

  it('makes a new write-ahead log segment without filling it with zeros first (wal_init_zero off)', async () => {
    // bench/routing-functions.ts measures what the zeros cost: every statement waits behind them.
    assert.deepEqual(await db.query("SELECT current_setting('wal_init_zero') AS setting"), [
      { setting: 'off' },
    ])
    await db.query('SELECT pg_switch_wal()')
    await db.query('INSERT INTO items (id) VALUES (40)')
    assert.deepEqual(await db.query('SELECT id FROM items WHERE id = 40'), [{ id: 40 }])
  })

  it('leaves the server’s thread free while a statement runs', async () => {
    let ticks = 0
    const ticking = setInterval(() => (ticks += 1), 10)
    try {
      // Half a second of work in the database: on the server's thread no timer could fire meanwhile.
      await db.query('SELECT pg_sleep(0.5)')
    } finally {
      clearInterval(ticking)
    }
    assert.ok(ticks >= 5, `the server's timers fired ${ticks} times during the statement`)
  })
})

describe('PGlite on its own thread: copies and folders', () => {
  it('dumps a database that opens again with its rows', async () => {
    const first = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: await schemaDump() })
    await first.exec('CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)')
    const copy = await first.dump()
    await first.close()
    const second = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: copy })
    try {
      assert.deepEqual(await second.query('SELECT id FROM kept'), [{ id: 7 }])
    } finally {
      await second.close()
    }
  })

  it('keeps a folder to one process, refuses statements once closed, and frees the folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pglite-thread-'))
    try {
      const dataDir = join(folder, 'data')
      const db = await PGliteThreadDatabase.open({ dataDir })
      await assert.rejects(PGliteThreadDatabase.open({ dataDir }), /in use|another process|lock/i)
      await db.close()
      await assert.rejects(db.query('SELECT 1'), /closed/)
      const again = await PGliteThreadDatabase.open({ dataDir })
      assert.deepEqual(await again.query('SELECT 1 AS one'), [{ one: 1 }])
      await again.close()
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
