import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../../../server/store/migrate'
import { openPGlite, type PGliteDatabase } from '../../../server/store/pglite-database'
import { TEST_DATABASE_SETTINGS } from './test-database-settings'

const store = new URL('../../../server/store/', import.meta.url)

/** The bytes of every migration, in name order: a dump made before a schema change is never reused. */
export function migrationFiles(): Buffer[] {
  return readdirSync(new URL('migrations/', store))
    .sort()
    .map((name) => readFileSync(new URL(`migrations/${name}`, store)))
}

/**
 * A dump of a fresh in-memory database, migrated and then given `fill` (a seed, or nothing), kept in
 * the system temp dir as `<name>-<hash of keyParts>.dump`: read when a process of this run or an
 * earlier one made it, made and written otherwise. Creating a database costs PGlite seconds (its
 * initdb); loading a dump, about half of that.
 *
 * @example
 * const dump = await cachedDump('agent-console-e2e-schema', migrationFiles())
 */
export async function cachedDump(
  name: string,
  keyParts: (string | Buffer)[],
  fill: (db: PGliteDatabase) => Promise<unknown> = async () => undefined,
): Promise<Blob> {
  const hash = createHash('sha256')
  for (const part of keyParts) hash.update(part)
  const file = join(tmpdir(), `${name}-${hash.digest('hex').slice(0, 16)}.dump`)
  try {
    const bytes = readFileSync(file)
    // PGlite gunzips a dump only when its type says so (`dump()` gzips).
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b
    return new Blob([bytes], gzipped ? { type: 'application/x-gzip' } : {})
  } catch {
    const db = await openPGlite({ dataDir: 'memory://', settings: TEST_DATABASE_SETTINGS })
    await migrate(db)
    await fill(db)
    const dump = await db.dump()
    await db.close()
    // Written aside then renamed: a process starting meanwhile reads a whole dump or none.
    const temporary = `${file}.${process.pid}`
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()))
    renameSync(temporary, file)
    return dump
  }
}

/**
 * The migrated, empty schema, as a dump (no seed): for a test of the database layer that needs a fresh
 * database but not PostgreSQL's initdb, which costs PGlite about 8 s of CPU against 2.5 s to load this.
 */
export function schemaDump(): Promise<Blob> {
  return cachedDump('agent-console-e2e-schema', migrationFiles())
}
