import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Database, Queryable } from './database'

const directory = fileURLToPath(new URL('./migrations/', import.meta.url))

/**
 * Applies the SQL files of `migrations/` not applied yet, in name order, then `afterwards` (the seed)
 * in the same turn. The same files run on PGlite and on PostgreSQL. On PostgreSQL several processes
 * may start at once: an advisory lock held by one transaction around both makes the others wait and
 * then find nothing left to do (PGlite has one process: its folder's lock file sees to that).
 *
 * @returns the names applied now.
 */
export async function migrate(
  db: Database,
  afterwards?: (tx: Queryable) => Promise<unknown>,
): Promise<string[]> {
  const ledger =
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL)'
  const files = (await readdir(directory)).filter((name) => name.endsWith('.sql')).sort()
  const pending = async (q: Queryable) => {
    const done = new Set(
      (await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    )
    return files.filter((name) => !done.has(name))
  }
  const applied: string[] = []
  if (db.kind === 'postgres') {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7281)')
      // Under the lock: two CREATE TABLE IF NOT EXISTS at once may both try, and one fails.
      await tx.query(ledger)
      for (const name of await pending(tx)) {
        // Without parameters, pg sends a simple query, which may hold several statements.
        await tx.query(await readFile(`${directory}${name}`, 'utf8'))
        await tx.query('INSERT INTO schema_migrations VALUES ($1, now())', [name])
        applied.push(name)
      }
      if (afterwards) await afterwards(tx)
    })
    return applied
  }
  await db.exec(ledger)
  for (const name of await pending(db)) {
    const sql = await readFile(`${directory}${name}`, 'utf8')
    await db.exec(`BEGIN; ${sql}; INSERT INTO schema_migrations VALUES ('${name}', now()); COMMIT;`)
    applied.push(name)
  }
  if (afterwards) await db.transaction(afterwards)
  return applied
}
