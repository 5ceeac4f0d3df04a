import type { Database } from './database'
import { randomToken } from './ids'

/**
 * A server secret kept in the database, created on first use: every process sharing the database
 * signs with the same key, and tokens stay valid across restarts.
 */
export async function serverSecret(db: Database, name: string): Promise<string> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomToken(48),
  ])
  const rows = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])
  const value = rows[0]?.value
  if (!value) throw new Error(`secret ${name} missing`)
  return value
}
