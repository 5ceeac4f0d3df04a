// bench/routing-functions: the database side of one queue:join, measured alone on in-memory PGlite:
// `join_queue` then `offer_next_call` (one ring), CUSTOMERS times (WARMUP more first, left out), with
// 1,000 agents in 10 segments. Twice: on fresh tables (no statistics, as a new PGlite has them) and
// after ANALYZE (as PostgreSQL's autovacuum leaves them), since the planner may choose differently.
// Also the cost of one routing log line with the root logger's redaction and with idFieldsLogger's, the
// write-ahead log each routed customer adds, the stall of the write that starts a new WAL segment (new
// or, after a checkpoint, a reused file), and the CHECKPOINT the server runs every 5 minutes.
// Prints JSON: mean, p50 and p99 per statement in ms, WAL bytes per customer, and µs per log line.
// Usage: node --import tsx bench/routing-functions.ts   (CUSTOMERS, WARMUP, AGENTS to change)
import { performance } from 'node:perf_hooks'
import Fastify from 'fastify'
import { createApplication } from '../server/app'
import { insertReadyAgents } from '../test/server/support/ready-agents'
import { newId } from '../server/store/ids'
import { SEED } from '../server/store/seed-content'
import * as logging from '../server/observability/logger'
import { percentile } from './support/percentile'
import { walBytes } from './support/wal'
import type { Queryable } from '../server/store/database'

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 500)
const WARMUP = Number(process.env.WARMUP ?? 20)
const AGENTS = Number(process.env.AGENTS ?? 1000)
const SEGMENTS = 10
const LOG_LINES = 20_000
// New WAL segments timed: each is a 16 MB file made in memory.
const WAL_SEGMENTS = 10

const figures = (values: number[]) => ({
  mean: Number((values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(3)),
  p50: Number(percentile(values, 50).toFixed(3)),
  p99: Number(percentile(values, 99).toFixed(3)),
})

/** One database with AGENTS available agents; then CUSTOMERS joins and rings, timed statement by statement. */
async function measure(analyzed: boolean) {
  const app = await createApplication({ version: 'bench', dataDir: 'memory://', logLevel: 'silent' })
  const db = app.context.db
  const segments = Array.from({ length: SEGMENTS }, () => newId())
  for (const [index, id] of segments.entries())
    await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1, $2, $3)', [
      id,
      SEED.account,
      `Bench ${index}`,
    ])
  await insertReadyAgents(db, {
    count: AGENTS,
    segments,
    nodeId: app.context.nodeId,
    emailPrefix: 'functions',
  })
  if (analyzed) await db.query('ANALYZE')
  const walStart = await walPosition(db)
  const joins: number[] = []
  const rings: number[] = []
  for (let i = 0; i < WARMUP + CUSTOMERS; i++) {
    const id = newId()
    const segment = segments[i % SEGMENTS]
    let start = performance.now()
    await db.query(
      `SELECT * FROM join_queue($1, $2, $3, $4, $5, false, $6, '[]', NULL, NULL, NULL, NULL, now(), 600000, NULL, $7)`,
      [id, `peer-${id}`, segment, `session-${id}`, `Customer ${i}`, '{"ip":"127.0.0.1"}', app.context.nodeId],
    )
    const join = performance.now() - start
    start = performance.now()
    const rung = await db.query(
      `SELECT * FROM offer_next_call($1, $2, now(), now() + interval '10 minutes', 'epoch',
                                     now() - interval '30 seconds')`,
      [segment, newId()],
    )
    const ring = performance.now() - start
    // A benchmark that cannot measure fails: every join must ring.
    if (rung.length !== 1) throw new Error(`customer ${i} did not ring`)
    if (i >= WARMUP) {
      joins.push(join)
      rings.push(ring)
    }
  }
  const walBytes = Number((await walPosition(db)) - walStart)
  // The checkpoint the server runs every 5 minutes (server/store/checkpoints.ts): every statement waits
  // for it, and this one writes out what the routed customers changed.
  const checkpointStart = performance.now()
  await db.query('CHECKPOINT')
  const checkpointMs = Number((performance.now() - checkpointStart).toFixed(3))
  const segmentStartMs = {
    shipped: await walSegmentStartMs(db),
    zeroFilled: await walSegmentStartMs(db, 'on'),
    afterCheckpoint: await walSegmentStartMs(db, undefined, true),
  }
  await app.close()
  return {
    joinQueueMs: figures(joins),
    offerNextCallMs: figures(rings),
    walBytesPerCustomer: Math.round(walBytes / (WARMUP + CUSTOMERS)),
    walSegmentStartMs: segmentStartMs,
    checkpointMs,
  }
}

/** The write-ahead log's position in bytes. */
async function walPosition(db: Queryable): Promise<bigint> {
  const [row] = await db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
  return walBytes(row?.lsn ?? '')
}

/**
 * ms of the first write into a new WAL segment (16 MB): PostgreSQL creates the file then, in the middle
 * of whichever statement needs it. `zeroFilled`: with wal_init_zero on (PostgreSQL's default), the file
 * is written full of zeros first; otherwise as the embedded server runs (pglite-worker.mjs).
 * `afterCheckpoint`: each segment follows a CHECKPOINT, which renames the segments before it for reuse,
 * as on a server that checkpoints (server/store/checkpoints.ts): the next segment is such a file.
 */
async function walSegmentStartMs(db: Queryable, walInitZero?: 'on', afterCheckpoint = false) {
  if (walInitZero) await db.query(`SET wal_init_zero = ${walInitZero}`)
  const samples: number[] = []
  for (let i = 0; i < WAL_SEGMENTS; i++) {
    if (afterCheckpoint) await db.query('CHECKPOINT')
    await db.query('SELECT pg_switch_wal()')
    const start = performance.now()
    await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1, $2, $3)', [
      newId(),
      SEED.account,
      `WAL ${i}`,
    ])
    samples.push(performance.now() - start)
  }
  if (walInitZero) await db.query('RESET wal_init_zero')
  return figures(samples)
}

/** µs per routing line written through `logger` (lines go nowhere: the cost is building them). */
function logLineMicroseconds(logger: { info(object: object, message: string): void }): number {
  const line = {
    event: 'call.offered',
    callId: newId(),
    agentId: newId(),
    segment: newId(),
    kind: 'inbound',
    offerId: newId(),
    latencyMs: 3.2,
  }
  for (let i = 0; i < 1000; i++) logger.info(line, 'call offered')
  const start = performance.now()
  for (let i = 0; i < LOG_LINES; i++) logger.info(line, 'call offered')
  return Number((((performance.now() - start) / LOG_LINES) * 1000).toFixed(2))
}

const fresh = await measure(false)
const analyzed = await measure(true)
const app = Fastify(
  logging.fastifyLogging({ level: 'info', processId: 'bench', stream: { write: () => undefined } }),
)
const idFields = 'idFieldsLogger' in logging ? logging.idFieldsLogger : null
console.log(
  JSON.stringify(
    {
      bench: 'routing-functions',
      database: 'pglite (in memory)',
      agents: AGENTS,
      customers: CUSTOMERS,
      warmUpCustomers: WARMUP,
      freshTables: fresh,
      analyzedTables: analyzed,
      routingLogLineMicroseconds: {
        rootRedaction: logLineMicroseconds(app.log.child({ component: 'routing' })),
        ...(idFields
          ? { idFieldsLogger: logLineMicroseconds(idFields(app.log, { component: 'routing' })) }
          : {}),
      },
    },
    null,
    2,
  ),
)
await app.close()
