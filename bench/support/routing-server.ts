// The server side of bench/server-routing.ts, in its own process so that its memory is its own:
// a reference server on in-memory PGlite (or PostgreSQL, DATABASE=postgres) with agents created for the
// run. Talks to the parent over IPC.
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { createApplication } from '../../server/app'
import { hashPassword } from '../../server/auth/passwords'
import { insertUser } from '../../server/store/seed'
import { newId } from '../../server/store/ids'
import { SEED } from '../../server/store/seed-content'
import { startPostgres } from '../../test/server/support/postgres-cluster'
import { stampRouting } from './routing-stamps'
import { mainThreadRunQueueWaitMs } from './run-queue-wait'
import { checkpointIfMoved } from '../../server/store/checkpoints'

const agents = Number(process.env.AGENTS ?? 1000)
const segments = Number(process.env.SEGMENTS ?? 10)
// The parent reads the server's own routing-latency histogram from /metrics with this token.
const metricsToken = randomUUID()
// DATABASE=postgres: a throwaway PostgreSQL cluster of its own (test/server/support/postgres-cluster.ts),
// the database an operator runs in production; by default the embedded PGlite, in memory.
const cluster = process.env.DATABASE === 'postgres' ? await startPostgres() : null
// The parent kills this process when its run fails: the cluster goes with it, not left running.
process.once('SIGTERM', () => void (cluster?.stop() ?? Promise.resolve()).then(() => process.exit(1)))
const app = await createApplication({
  version: 'bench',
  ...(cluster ? { databaseUrl: await cluster.createDatabase('routing_bench') } : { dataDir: 'memory://' }),
  metricsToken,
  rateLimits: { api: { max: 1_000_000, windowMs: 60_000 }, login: { max: 1_000_000, windowMs: 60_000 } },
  timers: { ringTimeoutMs: 600_000, sweepIntervalMs: 600_000 },
})
const stamps = stampRouting(app.context.io, app.context.customers)
const db = app.context.db
const hash = await hashPassword('bench', { N: 1024, r: 8, p: 1 })
const segmentIds: string[] = []
for (let s = 0; s < segments; s++) {
  const id = newId()
  segmentIds.push(id)
  await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1, $2, $3)', [
    id,
    SEED.account,
    `Bench ${s}`,
  ])
}
const emails: string[] = []
await db.transaction(async (tx) => {
  for (let a = 0; a < agents; a++) {
    const id = newId()
    const email = `bench-${a}@bench.test`
    emails.push(email)
    await insertUser(tx, {
      id,
      accountId: SEED.account,
      email,
      firstname: 'Bench',
      lastname: String(a),
      level: 5,
      passwordHash: hash,
    })
    await tx.query('INSERT INTO agent_segments (user_id, segment_id) VALUES ($1, $2)', [
      id,
      segmentIds[a % segments],
    ])
  }
})
const url = await app.listen({ port: 0 })

function memory() {
  globalThis.gc?.()
  const usage = process.memoryUsage()
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
  }
}

// What the log keeps of its segment before the window, when WAL_SEGMENT_IN_WINDOW asks for a new one in it.
const WAL_LEFT_BYTES = 400 * 1024

/**
 * Writes log messages (no table touched) until `left` bytes or a little less remain of the current
 * WAL segment: the next writes then start the following segment.
 */
async function fillWalSegment(left: number) {
  const position = async () => {
    const [row] = await db.query<{ into: string; size: string }>(
      `SELECT ((pg_current_wal_insert_lsn() - '0/0'::pg_lsn) % setting::numeric)::text AS into, setting AS size
         FROM pg_settings WHERE name = 'wal_segment_size'`,
    )
    if (!row) throw new Error('no wal_segment_size')
    return Number(row.size) - Number(row.into)
  }
  // A message's record carries a few dozen bytes besides its text: stop 64 KB short of `left` at most.
  // Transactional, so that each one's commit writes it out: the window then starts with nothing of it
  // left in the log's buffers.
  for (let remaining = await position(); remaining > left + 64 * 1024; remaining = await position())
    await db.query("SELECT pg_logical_emit_message(true, 'bench', repeat('x', $1::int))", [
      Math.min(1024 * 1024, remaining - left - 32 * 1024),
    ])
}

// CPU_PROFILE=<file>: the server's CPU profile over the measured window, for Chromium's DevTools.
// HEAP_PROFILE=<file>: what the server's thread allocated over it (sampled, collected objects included).
const profiler = process.env.CPU_PROFILE || process.env.HEAP_PROFILE ? new Session() : null
process.on('message', async (message: { type: string; reuse?: boolean }) => {
  if (message.type === 'profile-start' && profiler) {
    profiler.connect()
    if (process.env.CPU_PROFILE) {
      // 100 µs: a join's work is a few milliseconds.
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 })
      await profiler.post('Profiler.enable')
      await profiler.post('Profiler.start')
    }
    if (process.env.HEAP_PROFILE)
      await profiler.post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      })
    process.send?.({ type: 'profiling' })
  }
  if (message.type === 'profile-stop' && profiler) {
    if (process.env.CPU_PROFILE) {
      const { profile } = await profiler.post('Profiler.stop')
      await writeFile(process.env.CPU_PROFILE, JSON.stringify(profile))
    }
    if (process.env.HEAP_PROFILE) {
      const { profile } = await profiler.post('HeapProfiler.stopSampling')
      await writeFile(process.env.HEAP_PROFILE, JSON.stringify(profile))
    }
    process.send?.({ type: 'profiled' })
  }
  if (message.type === 'memory') process.send?.({ type: 'memory', memory: memory() })
  // Where the database's write-ahead log is: the parent tells from two readings whether the window
  // started a new WAL segment file (PostgreSQL creates and fills it before the write that needs it).
  if (message.type === 'wal') {
    const [row] = await db.query<{ lsn: string; segment: string }>(
      "SELECT pg_current_wal_lsn()::text AS lsn, current_setting('wal_segment_size') AS segment",
    )
    process.send?.({ type: 'wal', lsn: row?.lsn, segment: row?.segment })
  }
  // WAL_SEGMENT_IN_WINDOW: the log is filled to WAL_LEFT_BYTES before the end of its segment, so that
  // the measured window's writes (about 800 KB) start the next segment about halfway through. `reused`:
  // first into a new segment and through the checkpoint the server runs every 5 minutes, which keeps the
  // segment before for reuse, so the window's segment is that file, as past a server's first checkpoint.
  if (message.type === 'wal-near-segment-end') {
    if (message.reuse) {
      await fillWalSegment(0)
      await db.query("SELECT pg_logical_emit_message(true, 'bench', repeat('x', 128 * 1024))")
      await checkpointIfMoved(db, null)
    }
    await fillWalSegment(WAL_LEFT_BYTES)
    process.send?.({ type: 'wal-filled' })
  }
  // The whole process's counts (every thread), and the main thread's wait for a core: the parent takes
  // the window's from two readings.
  if (message.type === 'usage') {
    const usage = process.resourceUsage()
    process.send?.({
      type: 'usage',
      usage: {
        majorPageFaults: usage.majorPageFault,
        minorPageFaults: usage.minorPageFault,
        involuntaryContextSwitches: usage.involuntaryContextSwitches,
        mainThreadRunQueueWaitMs: mainThreadRunQueueWaitMs(),
      },
    })
  }
  if (message.type === 'stamps') process.send?.({ type: 'stamps', stamps })
  if (message.type === 'stop')
    void app
      .close()
      .then(() => cluster?.stop())
      .then(() => process.exit(0))
})
const database = cluster ? 'postgresql (own cluster)' : 'pglite (in memory)'
process.send?.({ type: 'ready', url, metricsToken, emails, segments: segmentIds, memory: memory(), database })
