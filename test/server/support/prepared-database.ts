import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPGlite, type PGliteDatabase } from '../../../server/store/pglite-database'
import { migrate } from '../../../server/store/migrate'
import { seed } from '../../../server/store/seed'

const root = new URL('../../../server/store/', import.meta.url)

/** A cheap scrypt cost for test users: the format is self-describing, the server verifies either. */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 }

/** A key that changes when the schema or the seed changes (and every day: the seed's appointments are relative to now). */
function cacheKey(): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(new URL('migrations/', root)).sort())
    hash.update(readFileSync(new URL(`migrations/${name}`, root)))
  for (const name of ['seed.ts', 'seed-content.ts']) hash.update(readFileSync(new URL(name, root)))
  hash.update(new Date().toISOString().slice(0, 10))
  return hash.digest('hex').slice(0, 16)
}

let prepared: Promise<Blob> | undefined

/**
 * A migrated and seeded database, dumped once and shared: by every test of a file (in memory) and by
 * every file of a run (in the system temp dir), since creating one costs seconds and loading ~0.5 s.
 */
function preparedDump(): Promise<Blob> {
  prepared ??= (async () => {
    const file = join(tmpdir(), `agent-console-test-db-${cacheKey()}.tar`)
    try {
      return new Blob([readFileSync(file)])
    } catch {
      const db = await openPGlite({ dataDir: 'memory://' })
      await migrate(db)
      await seed(db, Date.now(), { passwordCost: TEST_PASSWORD_COST })
      const dump = await db.dump()
      await db.close()
      const temporary = `${file}.${process.pid}`
      writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()))
      renameSync(temporary, file)
      return dump
    }
  })()
  return prepared
}

/** A fresh in-memory copy of the prepared database. */
export async function freshDatabase(): Promise<PGliteDatabase> {
  return openPGlite({ loadDataDir: await preparedDump() })
}

/**
 * A copy of the prepared database in a directory on disk, which survives closing it: a server can
 * stop and another open the same data again (a restart).
 */
export async function databaseIn(dataDir: string): Promise<PGliteDatabase> {
  return openPGlite({ dataDir, loadDataDir: await preparedDump() })
}
