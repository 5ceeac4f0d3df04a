import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { PGliteThreadDatabase } from '../../server/store/pglite-thread'
import { checkpointIfMoved, startCheckpoints } from '../../server/store/checkpoints'
import { Background } from '../../server/background'
import { DEFAULT_TIMERS } from '../../server/timers'
import type { Queryable } from '../../server/store/database'
import { TestClock } from './support/test-clock'
import { TestServer } from './support/test-server'
import { schemaDump } from './support/dump-cache'

/** Writes `megabytes` of write-ahead log (a logical message per MB, each committed), touching no table. */
async function writeWal(db: Queryable, megabytes: number): Promise<void> {
  for (let i = 0; i < megabytes; i++)
    await db.query("SELECT pg_logical_emit_message(true, 'test', repeat('x', 1048576))")
}

/** The files of the log (16 MB segments) and where the last checkpoint is. */
async function walState(db: Queryable): Promise<{ segments: number; checkpoint: string }> {
  const [row] = await db.query<{ segments: number; checkpoint: string }>(
    `SELECT (SELECT count(*)::int FROM pg_ls_waldir()) AS segments,
            (SELECT checkpoint_lsn::text FROM pg_control_checkpoint()) AS checkpoint`,
  )
  assert.ok(row)
  return row
}

describe('checkpoints of the embedded PGlite (server/store/checkpoints)', () => {
  let db: PGliteThreadDatabase
  before(async () => {
    db = await PGliteThreadDatabase.open({ dataDir: 'memory://', loadDataDir: await schemaDump() })
  })
  after(() => db.close())

  it('keep the log from growing: after a checkpoint, new segments reuse the files of the old ones', async () => {
    // Without a checkpoint every segment stays: 40 MB of log is two or three more files.
    const start = await walState(db)
    await writeWal(db, 40)
    const grown = await walState(db)
    assert.ok(grown.segments >= start.segments + 2, JSON.stringify({ start, grown }))
    // With one after every 40 MB, 160 MB more (ten segments' worth) leave as many files as one
    // interval's log needs, the same after every interval.
    const files: number[] = []
    for (let interval = 0; interval < 4; interval++) {
      await checkpointIfMoved(db, null)
      await writeWal(db, 40)
      files.push((await walState(db)).segments)
    }
    const [, second, ...rest] = files
    assert.ok(
      rest.every((count) => count <= (second as number)) && (second as number) <= grown.segments + 2,
      JSON.stringify({ grown, files }),
    )
  })

  it('skip a log that has not moved since the last one', async () => {
    await writeWal(db, 1)
    const at = await checkpointIfMoved(db, null)
    const checkpointed = await walState(db)
    assert.equal(await checkpointIfMoved(db, at), at)
    assert.equal((await walState(db)).checkpoint, checkpointed.checkpoint)
    await writeWal(db, 1)
    await checkpointIfMoved(db, at)
    assert.notEqual((await walState(db)).checkpoint, checkpointed.checkpoint)
  })

  it('come every checkpointIntervalMs on the server’s clock, and stop when told', async () => {
    const clock = new TestClock()
    const failures: unknown[] = []
    const background = new Background(clock, (error) => failures.push(error))
    const stop = startCheckpoints({
      db,
      timers: { ...DEFAULT_TIMERS, checkpointIntervalMs: 60_000 },
      background,
    })
    try {
      await writeWal(db, 1)
      const first = await walState(db)
      await clock.advance(59_999)
      await background.idle()
      assert.equal((await walState(db)).checkpoint, first.checkpoint, 'none before the interval')
      await clock.advance(1)
      await background.idle()
      const second = await walState(db)
      assert.notEqual(second.checkpoint, first.checkpoint)
      // The next one comes an interval later.
      await writeWal(db, 1)
      await clock.advance(60_000)
      await background.idle()
      assert.notEqual((await walState(db)).checkpoint, second.checkpoint)
      stop()
      const stopped = await walState(db)
      await writeWal(db, 1)
      await clock.advance(120_000)
      await background.idle()
      assert.equal((await walState(db)).checkpoint, stopped.checkpoint)
      assert.deepEqual(failures, [])
    } finally {
      stop()
      await background.close()
    }
  })
})

describe('a server on the embedded PGlite', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start({ timers: { checkpointIntervalMs: 60_000 } })
  })
  after(() => server.close())

  it('checkpoints its database every checkpointIntervalMs', async () => {
    const db = server.app.context.db
    const before = await walState(db)
    await writeWal(db, 1)
    await server.advance(60_000)
    assert.notEqual((await walState(db)).checkpoint, before.checkpoint)
  })
})
