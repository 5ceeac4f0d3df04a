import { readFileSync } from 'node:fs'
import { openPGlite, type PGliteDatabase } from '../../../server/store/pglite-database'
import { seed } from '../../../server/store/seed'
import { cachedDump, migrationFiles } from './dump-cache'
import { TEST_DATABASE_SETTINGS } from './test-database-settings'

const store = new URL('../../../server/store/', import.meta.url)

/** A cheap scrypt cost for test users: the format is self-describing, the server verifies either. */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 }

/**
 * What the prepared database depends on: the schema, the seed, and the day (the seed's appointments
 * are relative to now).
 */
function cacheKey(): (string | Buffer)[] {
  return [
    ...migrationFiles(),
    ...['seed.ts', 'seed-content.ts'].map((name) => readFileSync(new URL(name, store))),
    new Date().toISOString().slice(0, 10),
  ]
}

let prepared: Promise<Blob> | undefined

/**
 * A migrated and seeded database, dumped once and shared: by every test of a file (in memory) and by
 * every file of a run (in the system temp dir), since creating one costs seconds and loading ~0.5 s.
 */
function preparedDump(): Promise<Blob> {
  prepared ??= cachedDump('agent-console-test-db', cacheKey(), (db) =>
    seed(db, Date.now(), { passwordCost: TEST_PASSWORD_COST }),
  )
  return prepared
}

/** A fresh in-memory copy of the prepared database. */
export async function freshDatabase(): Promise<PGliteDatabase> {
  return openPGlite({ loadDataDir: await preparedDump(), settings: TEST_DATABASE_SETTINGS })
}

/**
 * A copy of the prepared database in a directory on disk, which survives closing it: a server can
 * stop and another open the same data again (a restart).
 */
export async function databaseIn(dataDir: string): Promise<PGliteDatabase> {
  return openPGlite({ dataDir, loadDataDir: await preparedDump(), settings: TEST_DATABASE_SETTINGS })
}
