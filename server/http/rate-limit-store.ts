import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Database } from '../store/database'

/** Windows older than this are deleted now and then (longer than any window of the limiter). */
const KEEP_MS = 60 * 60_000
/** How often the store deletes old windows. */
const PRUNE_EVERY_MS = 60_000

/**
 * A store for `@fastify/rate-limit` in the server's database: fixed windows per key, counted by one
 * atomic upsert, so every process sharing the database (PostgreSQL) counts against the same budget.
 *
 * @example
 * await app.register(rateLimit, { store: databaseRateLimitStore(context.db, context.clock.now) })
 */
export function databaseRateLimitStore(db: Database, now: () => number): FastifyRateLimitStoreCtor {
  let prunedAt = 0

  const prune = (at: number) => {
    if (at - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = at
    db.query('DELETE FROM rate_limit_windows WHERE window_start < $1', [new Date(at - KEEP_MS)]).catch(
      () => undefined,
    )
  }

  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now()
      db.query<{ hits: number; window_start: Date }>(
        `INSERT INTO rate_limit_windows (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_windows.window_start <= $3 THEN 1 ELSE rate_limit_windows.hits + 1 END,
           window_start = CASE WHEN rate_limit_windows.window_start <= $3 THEN $2 ELSE rate_limit_windows.window_start END
         RETURNING hits, window_start`,
        [key, new Date(at), new Date(at - timeWindow)],
      ).then(
        (rows) => {
          const row = rows[0]
          if (!row) return callback(new Error('rate limit window not stored'))
          callback(null, { current: row.hits, ttl: row.window_start.getTime() + timeWindow - at })
          prune(at)
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore()
    }
  }
  return DatabaseStore
}
