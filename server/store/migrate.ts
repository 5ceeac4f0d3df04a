import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Database, Queryable } from './database'

const directory = fileURLToPath(new URL('./migrations/', import.meta.url))

/**
 * Applies the SQL files of `migrations/` not applied yet, in name order. The same files run on PGlite
 * and on PostgreSQL. On PostgreSQL several processes may start at once: an advisory lock held by the
 * migrating transaction makes the others wait and then find nothing left to do.
 *
 * @returns the names applied now.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL)',
  )
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
      for (const name of await pending(tx)) {
        // Without parameters, pg sends a simple query, which may hold several statements.
        await tx.query(await readFile(`${directory}${name}`, 'utf8'))
        await tx.query('INSERT INTO schema_migrations VALUES ($1, now())', [name])
        applied.push(name)
      }
    })
    return applied
  }
  for (const name of await pending(db)) {
    const sql = await readFile(`${directory}${name}`, 'utf8')
    await db.exec(`BEGIN; ${sql}; INSERT INTO schema_migrations VALUES ('${name}', now()); COMMIT;`)
    applied.push(name)
  }
  return applied
}
