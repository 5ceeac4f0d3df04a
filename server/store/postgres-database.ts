import pg from 'pg'
import type { Database, Queryable } from './database'

/** A PostgreSQL database: its pool (the socket.io adapter shares it) and who hears of a lost connection. */
export interface PostgresDatabase extends Database {
  pool: pg.Pool
  connectionString: string
  /** Sets who is told when an idle connection of the pool fails (stderr until then). */
  onConnectionLost(handler: (error: Error) => void): void
}

/**
 * Connects to a PostgreSQL server (`DATABASE_URL`). Several server processes may share it: routing
 * relies on row locks (`FOR UPDATE SKIP LOCKED`), not on anything held in one process.
 */
export function openPostgres(connectionString: string): PostgresDatabase {
  const pool = new pg.Pool({ connectionString, max: 20 })
  // A connection that fails while idle in the pool (PostgreSQL restarted, a backend terminated, the
  // network cut) is an `error` event of the pool: unheard, it would end the process. The pool drops that
  // connection and opens another when asked; the failure is only told.
  let connectionLost = (error: Error) => console.error('PostgreSQL: an idle connection was lost', error)
  pool.on('error', (error) => connectionLost(error))
  return {
    kind: 'postgres',
    pool,
    connectionString,
    onConnectionLost(handler) {
      connectionLost = handler
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params)
      return result.rows as Row[]
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({
          query: async <Row>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as Row[],
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async close() {
      await pool.end()
    },
  }
}
