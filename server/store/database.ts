/**
 * The one SQL interface the server uses, implemented by PGlite (embedded) and by a PostgreSQL pool.
 * Rows come back as plain objects; `timestamptz` as `Date`, `jsonb` parsed, arrays as arrays.
 */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>
}

/** A database: queries, transactions, and closing. */
export interface Database extends Queryable {
  /** Which engine this is (PGlite serialises every statement; PostgreSQL runs them side by side). */
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>
  /** Closes the database; nothing may be queried afterwards. */
  close(): Promise<void>
  /**
   * Where the engine has connections that can be lost and opened again (a PostgreSQL pool): calls
   * `handler` on each one lost while idle. The database goes on serving.
   */
  onConnectionLost?(handler: (error: Error) => void): void
  /**
   * Where the engine can stop on its own (PGlite's thread): calls `handler` once if it does while the
   * database is open. Every statement fails from then on.
   */
  onStopped?(handler: (error: Error) => void): void
}

/** The first row, or undefined. */
export async function queryOne<Row = Record<string, unknown>>(
  db: Queryable,
  sql: string,
  params?: unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params)
  return rows[0]
}
