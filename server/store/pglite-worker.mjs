// @ts-check
// The embedded database's own thread: PGlite opened here, its statements run here, its rows sent back
// to the server's thread (server/store/pglite-thread.ts). Plain JavaScript, so that `npm start`'s
// bundled server starts it as it is, beside the sources it already reads its migrations from.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread')
const port = parentPort

/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer }} */
const options = workerData ?? {}

/**
 * The fields of a database error the server reads (its SQLSTATE `code` above all), as a plain object
 * that crosses threads: a structured clone keeps an error's message but not PostgreSQL's fields.
 *
 * @param {unknown} error
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  /** @type {Record<string, unknown>} */
  const fields = { message: error.message, name: error.name }
  for (const [key, value] of Object.entries(error))
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  return fields
}

const pg = await PGlite.create({
  ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
  ...(options.loadDataDir !== undefined ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  // Throughput over durability for a dev database; a crash loses at most the last moments.
  relaxedDurability: true,
  // A new 16 MB write-ahead log segment is made by whichever write needs it. Filled with zeros first
  // (PostgreSQL's default, to reserve disk space) that took tens of milliseconds in WebAssembly, with
  // every statement waiting behind it (bench/routing-functions.ts, walSegmentStartMs); PGlite's files
  // gain nothing from it.
  startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
})

/**
 * Open transactions by number: each one's PGlite handle, how to end it, and its end (settled once PGlite
 * committed or rolled back).
 *
 * @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, done: Promise<void> }>}
 */
const transactions = new Map()
let lastTransaction = 0

/**
 * Opens a transaction that stays open until the server's thread ends it; resolves its number once it
 * holds PGlite (whose other statements wait meanwhile, as in one thread).
 *
 * @returns {Promise<number>}
 */
function begin() {
  const id = ++lastTransaction
  return new Promise((opened, failed) => {
    const done = pg
      .transaction(async (tx) => {
        const commit = await new Promise((end) => {
          transactions.set(id, { tx, end, done })
          opened(id)
        })
        if (!commit) await tx.rollback()
      })
      .finally(() => transactions.delete(id))
    done.catch(failed)
  })
}

/**
 * Runs one request of the server's thread.
 *
 * @param {{ op: string, sql?: string, params?: unknown[], tx?: number, commit?: boolean }} request
 * @returns {Promise<{ value: unknown, transfer?: ArrayBuffer[] }>}
 */
async function run(request) {
  switch (request.op) {
    case 'query': {
      const open = request.tx === undefined ? null : transactions.get(request.tx)
      if (request.tx !== undefined && !open) throw new Error(`transaction ${request.tx} is not open`)
      const result = await (open ? open.tx : pg).query(request.sql ?? '', request.params ?? [])
      return { value: result.rows }
    }
    case 'begin':
      return { value: await begin() }
    case 'end': {
      const id = request.tx ?? 0
      const open = transactions.get(id)
      if (!open) throw new Error(`transaction ${id} is not open`)
      open.end(request.commit === true)
      await open.done
      return { value: null }
    }
    case 'exec':
      await pg.exec(request.sql ?? '')
      return { value: null }
    case 'dump': {
      const buffer = await (await pg.dumpDataDir('gzip')).arrayBuffer()
      return { value: buffer, transfer: [buffer] }
    }
    case 'close':
      await pg.close()
      return { value: null }
    default:
      throw new Error(`unknown request ${request.op}`)
  }
}

port.on('message', (/** @type {{ id: number, op: string }} */ message) => {
  run(message).then(
    ({ value, transfer }) => port.postMessage({ id: message.id, ok: true, value }, transfer ?? []),
    (error) => port.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  )
})
port.postMessage({ ready: true })
