import pg from 'pg'
import type { Database, Queryable } from './database'

/**
 * Connects to a PostgreSQL server (`DATABASE_URL`). Several server processes may share it: routing
 * relies on row locks (`FOR UPDATE SKIP LOCKED`), not on anything held in one process.
 */
export function openPostgres(
  connectionString: string,
): Database & { pool: pg.Pool; connectionString: string } {
  const pool = new pg.Pool({ connectionString, max: 20 })
  return {
    kind: 'postgres',
    pool,
    connectionString,
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
