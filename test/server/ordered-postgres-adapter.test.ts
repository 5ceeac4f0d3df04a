import assert from 'node:assert/strict'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { createOrderedAdapter } from '../../server/realtime/ordered-postgres-adapter'
import { broadcastSent } from '../../server/realtime/broadcast-sent'
import { startPostgres, type PostgresCluster } from './support/postgres-cluster'

/** One "process": an HTTP server with socket.io on the ordered adapter, on its own pool. */
interface Node {
  io: Server
  http: HttpServer
  pool: pg.Pool
  url: string
  /** The `pg_notify` statements this process's adapter has sent so far. */
  notifies: () => number
}

let cluster: PostgresCluster
let databaseUrl: string

async function startNode(errors: unknown[]): Promise<Node> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
  // Counted on the pool the adapter is given: what reaches PostgreSQL, one statement per round trip.
  let notifies = 0
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  pool.query = ((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('pg_notify')) notifies++
    return query(...args)
  }) as typeof pool.query
  const http = createServer()
  const io = new Server(http, {
    transports: ['websocket'],
    adapter: createOrderedAdapter(pool, { onError: (error) => errors.push(error) }),
  })
  io.on('connection', (socket) => void socket.join('room'))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return { io, http, pool, url, notifies: () => notifies }
}

async function stopNode(node: Node): Promise<void> {
  await new Promise<void>((resolve) => node.io.close(() => resolve()))
  await node.pool.end()
}

/**
 * How many sockets `node`'s adapter sees in the room, 0 while a process it has heard of has not answered: on a busy
 * machine the holder's answer to a fetch can come after the adapter's own 5 s, which is "not yet", not a failure.
 */
async function socketsInRoom(node: Node): Promise<number> {
  try {
    return (await node.io.in('room').fetchSockets()).length
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('timeout reached')) return 0
    throw error
  }
}

/** Waits for `count` events named `event` on `socket`, in the order they arrive. */
function collect(socket: Socket, event: string, count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const seen: unknown[] = []
    const timer = setTimeout(() => reject(new Error(`${seen.length} of ${count} ${event} in 20 s`)), 20_000)
    socket.on(event, (value: unknown) => {
      seen.push(value)
      if (seen.length === count) {
        clearTimeout(timer)
        resolve(seen)
      }
    })
  })
}

describe('the ordered socket.io adapter on PostgreSQL', () => {
  before(async () => {
    cluster = await startPostgres()
    databaseUrl = await cluster.createDatabase('ordered_adapter')
  })
  after(async () => {
    await cluster.stop()
  })

  it('delivers a burst of emits to a socket held by another process, every one, in order, equal ones too, in a few statements', async () => {
    const errors: unknown[] = []
    const sender = await startNode(errors)
    const holder = await startNode(errors)
    const client = connect(holder.url, { transports: ['websocket'], reconnection: false, forceNew: true })
    try {
      await new Promise<void>((resolve) => client.once('connect', () => resolve()))
      // The holder's socket is in the room for the sender once the sender's adapter can see it there.
      const deadline = Date.now() + 20_000
      while ((await socketsInRoom(sender)) === 0) {
        assert.ok(Date.now() < deadline, 'the socket never showed in the room within 20 s')
        // Until the sender has heard the holder's heartbeat, it answers at once from this process alone:
        // let the loop read the notification in between, or it never does.
        await new Promise((resolve) => setImmediate(resolve))
      }
      const count = 120
      // In one tick: all but the first wait for a round trip and go out together. Every third is the
      // same message as the one before it, which PostgreSQL folds into one inside a transaction.
      const sent = Array.from({ length: count }, (_, index) => (index % 3 === 2 ? index - 1 : index))
      const received = collect(client, 'burst', count)
      const before = sender.notifies()
      assert.equal(broadcastSent(sender.io), null, 'nothing on its way yet')
      for (const value of sent) sender.io.to('room').emit('burst', value)
      // The emits are on their way until their NOTIFYs commit: then, and not before, they are sent.
      const allSent = broadcastSent(sender.io)
      assert.ok(allSent, 'the emits are on their way')
      await allSent
      assert.ok(sender.notifies() > before, 'their pg_notify statements were sent before that')
      assert.equal(broadcastSent(sender.io), null, 'nothing on its way once all were sent')
      assert.deepEqual(await received, sent)
      // The first alone, the rest together once it is sent; a heartbeat of the adapter may fall between.
      const statements = sender.notifies() - before
      assert.ok(statements <= 4, `${count} emits took ${statements} statements`)
      // Equal payloads the holder emits locally are delivered once each, in order, as well.
      const local = collect(client, 'local', 3)
      for (const value of ['same', 'same', 'other']) holder.io.to('room').emit('local', value)
      assert.deepEqual(await local, ['same', 'same', 'other'])
      assert.deepEqual(errors, [])
    } finally {
      client.disconnect()
      await stopNode(sender)
      await stopNode(holder)
    }
  })
})
