import type { ConsoleSettings } from '../../src/protocol'
import type { Queryable } from './database'

/** The console settings of an account. */
export async function consoleSettings(db: Queryable, accountId: string): Promise<ConsoleSettings> {
  const rows = await db.query<{ settings: ConsoleSettings }>('SELECT settings FROM accounts WHERE id = $1', [
    accountId,
  ])
  const settings = rows[0]?.settings
  if (!settings) throw new Error(`account ${accountId} has no settings`)
  return settings
}
