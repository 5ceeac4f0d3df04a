import { performance } from 'node:perf_hooks'
import type { Counter, Histogram } from 'prom-client'
import type { Database, Queryable } from '../store/database'
import { ServerError } from '../errors'

/** A database that measures itself, and remembers when it last answered (for `/readyz`). */
export interface TimedDatabase extends Database {
  /** `clock.now()` of the last statement that succeeded; 0 before any. */
  lastSuccessAt(): number
}

/** The routing functions of migration 002, named in the `operation` label instead of `select`. */
const FUNCTION_CALL = /^select\s+\*\s+from\s+([a-z_][a-z0-9_]*)\s*\(/

/** The `operation` label of a statement: its verb, or the function it calls; bounded. */
export function statementOperation(sql: string): string {
  const text = sql.trimStart().slice(0, 80).toLowerCase()
  const call = FUNCTION_CALL.exec(text)
  if (call) return call[1] as string
  const verb = /^[a-z]+/.exec(text)?.[0]
  return verb === 'select' || verb === 'insert' || verb === 'update' || verb === 'delete' ? verb : 'other'
}

/**
 * Wraps a database so that every statement and every transaction is timed in `duration` (seconds,
 * labelled `operation`) and every failure counted in `errors` (a `ServerError` refusal is not one). Durations are real time
 * (`performance.now`), whatever clock the server runs on.
 *
 * @example
 * const db = timeDatabase(await openPGlite({ dataDir }), metrics.dbQueryDuration, metrics.dbErrors, clock.now)
 */
export function timeDatabase(
  db: Database,
  duration: Histogram<'operation'>,
  errors: Counter<'operation'>,
  now: () => number,
): TimedDatabase {
  let lastSuccess = 0
  const timed = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      const result = await run()
      lastSuccess = now()
      return result
    } catch (error) {
      // A refusal thrown inside a transaction (409, 422...) rolls it back on purpose: not a database fault.
      if (!(error instanceof ServerError)) errors.inc({ operation })
      throw error
    } finally {
      duration.observe({ operation }, (performance.now() - started) / 1000)
    }
  }
  const timedQueryable = (inner: Queryable): Queryable => ({
    query: <Row>(sql: string, params?: unknown[]) =>
      timed(statementOperation(sql), () => inner.query<Row>(sql, params)),
  })
  return {
    kind: db.kind,
    query: <Row>(sql: string, params?: unknown[]) =>
      timed(statementOperation(sql), () => db.query<Row>(sql, params)),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      timed('transaction', () => db.transaction((tx) => work(timedQueryable(tx)))),
    exec: (sql: string) => timed('exec', () => db.exec(sql)),
    close: () => db.close(),
    lastSuccessAt: () => lastSuccess,
  }
}
