import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Database, Queryable } from './database'
import { lockFolder } from './folder-lock'

/** What the worker answers to a request. */
type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }

/** A request to the worker (server/store/pglite-worker.mjs). */
type Request =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'close' }

/** A database error from the worker, with PostgreSQL's fields (`code`, `constraint`...) on it again. */
function errorFrom(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields)
}

/**
 * PGlite on a thread of its own, behind the same `Database` interface. PGlite parses and builds every
 * statement's messages in JavaScript and runs PostgreSQL in WebAssembly, synchronously: on the server's
 * thread that work, and the garbage it leaves, held up every socket meanwhile (a `queue:join` waited
 * unread in the kernel, outside every server measure). Here the server's thread only posts the
 * statement and reads the rows back.
 */
export class PGliteThreadDatabase implements Database {
  readonly kind = 'pglite' as const
  #next = 0
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  #failure: Error | null = null
  #closed = false
  #stopped: ((error: Error) => void)[] = []

  private constructor(
    private readonly worker: Worker,
    private readonly release: () => void,
  ) {
    worker.on('message', (reply: Reply) => this.#settle(reply))
    worker.on('error', (error) => this.#fail(error))
    worker.on('exit', (code) => this.#fail(new Error(`the database thread stopped (exit code ${code})`)))
    // Idle, the thread keeps no process alive (as PGlite on the main thread does not).
    worker.unref()
  }

  /** Starts the thread and waits until PGlite is open there. */
  static async open(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGliteThreadDatabase> {
    const onDisk = options.dataDir !== undefined && !options.dataDir.includes('://')
    // PGlite makes its own folder but not its parents (`.data/` on a fresh clone).
    if (onDisk) mkdirSync(dirname(options.dataDir as string), { recursive: true })
    // One process per folder: a second one would be a second brain (FolderInUseError).
    const release = onDisk ? lockFolder(options.dataDir as string) : () => undefined
    try {
      const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined
      const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
        workerData: { dataDir: options.dataDir, loadDataDir },
        transferList: loadDataDir ? [loadDataDir] : [],
      })
      await new Promise<void>((resolve, reject) => {
        const ready = (message: { ready?: boolean }) => {
          if (!message.ready) return
          worker.off('message', ready)
          worker.off('error', reject)
          resolve()
        }
        worker.on('message', ready)
        worker.once('error', reject)
        worker.once('exit', (code) => reject(new Error(`the database thread stopped (exit code ${code})`)))
      })
      return new PGliteThreadDatabase(worker, release)
    } catch (error) {
      release()
      throw error
    }
  }

  #send(request: Request): Promise<unknown> {
    if (this.#closed && request.op !== 'close') return Promise.reject(new Error('The database is closed'))
    if (this.#failure) return Promise.reject(this.#failure)
    const id = ++this.#next
    return new Promise((resolve, reject) => {
      // Work under way keeps the process alive until its answer is in.
      if (this.#pending.size === 0) this.worker.ref()
      this.#pending.set(id, { resolve, reject })
      this.worker.postMessage({ id, ...request })
    })
  }

  #settle(reply: Reply): void {
    const waiting = this.#pending.get(reply.id)
    if (!waiting) return
    this.#pending.delete(reply.id)
    if (this.#pending.size === 0) this.worker.unref()
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(errorFrom(reply.error))
  }

  #fail(error: Error): void {
    const first = this.#failure === null
    this.#failure ??= this.#closed ? new Error('The database is closed') : error
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure)
    this.#pending.clear()
    // A crash ('error', then 'exit'): told once. A thread ended by close() is no news.
    if (first && !this.#closed) for (const handler of this.#stopped) handler(this.#failure)
  }

  /**
   * Calls `handler` once if the thread stops while the database is open (a crash, not `close()`).
   * Every statement fails from then on: nothing opens the thread again, so the server cannot go on.
   */
  onStopped(handler: (error: Error) => void): void {
    this.#stopped.push(handler)
  }

  async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.#send({ op: 'query', sql, params })) as Row[]
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = (await this.#send({ op: 'begin' })) as number
    let result: T
    try {
      result = await work({
        query: async <Row>(sql: string, params: unknown[] = []) =>
          (await this.#send({ op: 'query', sql, params, tx })) as Row[],
      })
    } catch (error) {
      // The work's error is the one to report; a rollback fails only when the thread is gone, and
      // then every later statement reports that.
      await this.#send({ op: 'end', tx, commit: false }).catch(() => undefined)
      throw error
    }
    await this.#send({ op: 'end', tx, commit: true })
    return result
  }

  async exec(sql: string): Promise<void> {
    await this.#send({ op: 'exec', sql })
  }

  /** A gzipped copy of the whole database, to open again with `loadDataDir`. */
  async dump(): Promise<Blob> {
    return new Blob([(await this.#send({ op: 'dump' })) as ArrayBuffer])
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    try {
      if (!this.#failure) await this.#send({ op: 'close' })
      await this.worker.terminate()
    } finally {
      this.release()
    }
  }
}
