import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database'
import { lockFolder } from './folder-lock'

/**
 * Lets the event loop poll its sockets before a statement. PGlite runs in WebAssembly on this thread
 * and its promises settle as microtasks: a chain of statements (one `queue:join` is several) never
 * gives Node a poll phase, so packets that arrive meanwhile wait in the kernel, unread, unstamped,
 * and outside every server measure (the routing bench saw its clients' p99 hundreds of ms above the
 * server's histogram on a busy machine). `setImmediate` runs after the next poll phase.
 */
const yieldToSockets = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Opens PGlite: `memory://` for a throwaway database, a directory for one kept on disk, or a dumped
 * data dir (`loadDataDir`) to start from a prepared copy (tests: migrate once, load many).
 *
 * @example
 * const db = await openPGlite({ dataDir: '.data/pglite' })
 */
export async function openPGlite(options: {
  dataDir?: string
  loadDataDir?: Blob
  /**
   * PostgreSQL settings for this start (`-c name=value`), over the data dir's `postgresql.conf`: the
   * tests' throwaway databases start with less shared memory, which PGlite zeroes at every start.
   */
  settings?: Readonly<Record<string, string>>
}): Promise<PGliteDatabase> {
  // PGlite makes its own folder but not its parents (`.data/` on a fresh clone).
  const onDisk = options.dataDir !== undefined && !options.dataDir.includes('://')
  if (onDisk) mkdirSync(dirname(options.dataDir as string), { recursive: true })
  // One process per folder: a second one would be a second brain (FolderInUseError).
  const release = onDisk ? lockFolder(options.dataDir as string) : () => undefined
  try {
    const pg = await PGlite.create({
      ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}),
      // Throughput over durability for a dev database; a crash loses at most the last moments.
      relaxedDurability: true,
      ...(options.settings
        ? {
            startParams: [
              ...PGlite.defaultStartParams,
              ...Object.entries(options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
            ],
          }
        : {}),
    })
    return new PGliteDatabase(pg, release)
  } catch (error) {
    release()
    throw error
  }
}

/**
 * PGlite on the calling thread, as `Database`: the tests' databases and the command-line tools. The
 * server opens it on a thread of its own instead (`PGliteThreadDatabase`, ./pglite-thread.ts).
 */
export class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const
  #closed = false

  constructor(
    readonly pg: PGlite,
    private readonly release: () => void = () => undefined,
  ) {}

  async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    await yieldToSockets()
    const result = await this.pg.query<Row>(sql, params)
    return result.rows
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    await yieldToSockets()
    return this.pg.transaction(async (tx) =>
      work({
        query: async <Row>(sql: string, params: unknown[] = []) => {
          await yieldToSockets()
          return (await tx.query<Row>(sql, params)).rows
        },
      }),
    )
  }

  async exec(sql: string): Promise<void> {
    await this.pg.exec(sql)
  }

  /**
   * A copy of the whole database, to open again with `loadDataDir`; gzipped, since its 16 MB WAL
   * segment is mostly zeros (42 MB becomes 5 MB).
   */
  async dump(): Promise<Blob> {
    return this.pg.dumpDataDir('gzip')
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    try {
      await this.pg.close()
    } finally {
      this.release()
    }
  }
}
