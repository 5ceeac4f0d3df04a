import type { Pool, PoolClient } from 'pg'
import { PostgresAdapter } from '@socket.io/postgres-adapter'
import { decode, encode } from '@msgpack/msgpack'
import type { DeferredBroadcasts } from './broadcast-sent'

/** What the adapter hands its client (socket.io-adapter's cluster messages). */
interface ClusterMessage {
  uid?: string
  nsp?: string
  type: number
  data?: unknown
}

/** How the ordered adapter behaves. */
export interface OrderedAdapterOptions {
  /** Prefix of the NOTIFY channels (one per namespace). */
  channelPrefix?: string
  /** Table for payloads over NOTIFY's 8,000 bytes or with binary data (migration 003). */
  tableName?: string
  /** Beat between processes (ms): a process unheard of for `heartbeatTimeout` is left out of requests. */
  heartbeatInterval?: number
  heartbeatTimeout?: number
  /** Logs a failed publish or receive (never thrown: the adapter calls it from timers). */
  onError: (error: unknown) => void
}

/** A message waiting for its turn, and what to call once it is sent. */
interface PendingMessage {
  message: ClusterMessage
  settle: () => void
}

/** A message taken for the next statement, with its NOTIFY payload (null: it needs an attachment). */
interface Outgoing {
  pending: PendingMessage
  payload: string | null
}

/** At most this many messages in one statement. */
const BATCH_LIMIT = 200

/** NOTIFY's payload limit, under which a message travels inline. */
const INLINE_LIMIT = 7_900

function hasBinary(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 32) return false
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true
  return Object.values(value).some((item) => hasBinary(item, depth + 1))
}

/**
 * The pub/sub under the socket.io Postgres adapter, delivering in order. The library's own client
 * publishes each message on whichever pooled connection is free and fetches large ones
 * asynchronously on arrival, so an emit followed by a room change could reach another process (or
 * this one: the adapter applies a local operation only once its NOTIFY is sent) in the other order —
 * a customer removed from the call's room before `call:ended` reached them. Here every statement waits
 * for the one before (NOTIFYs commit in order, and PostgreSQL delivers them in commit order, those of
 * one statement in the order sent), and arrivals are handled one after the other.
 */
class OrderedPubSub {
  readonly #channels = new Set<string>()
  readonly #queue: PendingMessage[] = []
  #draining = false
  /** Numbers the inline messages (see `#inline`). */
  #sequence = 0
  #receiving: Promise<void> = Promise.resolve()
  #listener: { client: PoolClient; giveBack: (broken: boolean) => void } | null = null
  #closed = false
  #retry: NodeJS.Timeout | undefined
  readonly #cleanup: NodeJS.Timeout

  constructor(
    private readonly pool: Pool,
    private readonly options: Required<Omit<OrderedAdapterOptions, 'heartbeatInterval' | 'heartbeatTimeout'>>,
    private readonly fromSelf: (message: ClusterMessage) => boolean,
    private readonly deliver: (message: ClusterMessage) => void,
  ) {
    void this.#listen()
    this.#cleanup = setInterval(() => {
      pool
        .query(`DELETE FROM ${options.tableName} WHERE created_at < now() - interval '30 seconds'`)
        .catch(options.onError)
    }, 30_000)
    this.#cleanup.unref()
  }

  async #listen(): Promise<void> {
    if (this.#closed) return
    let giveBack: (broken: boolean) => void = () => undefined
    try {
      const client = await this.pool.connect()
      // A lost listening connection goes back to the pool as broken (destroyed): kept checked out, it
      // held a slot of the pool for ever and its end() (the server's shutdown) waited on it.
      let released = false
      giveBack = (broken: boolean) => {
        if (released) return
        released = true
        client.release(broken)
      }
      if (this.#closed) return giveBack(false)
      client.on('notification', (notification) => {
        const text = notification.payload ?? ''
        this.#receiving = this.#receiving.then(() => this.#receive(text)).catch(this.options.onError)
      })
      client.on('error', this.options.onError)
      client.on('end', () => {
        if (this.#listener?.client === client) this.#listener = null
        giveBack(true)
        this.#reconnectLater()
      })
      for (const channel of this.#channels) await client.query(`LISTEN "${channel}"`)
      // Closed while it listened: nothing will release it but this.
      if (this.#closed) return giveBack(false)
      this.#listener = { client, giveBack }
    } catch (error) {
      giveBack(true)
      this.options.onError(error)
      this.#reconnectLater()
    }
  }

  #reconnectLater(): void {
    if (this.#closed) return
    // Once: a connection lost while it set up LISTEN ends (`end`) and fails (the catch) both.
    clearTimeout(this.#retry)
    this.#retry = setTimeout(() => void this.#listen(), 1_000)
    this.#retry.unref()
  }

  async #receive(text: string): Promise<void> {
    const header = JSON.parse(text) as ClusterMessage & { attachmentId?: string }
    if (this.fromSelf(header)) return
    if (header.attachmentId === undefined) return this.deliver(header)
    const rows = await this.pool.query<{ payload: Buffer }>(
      `SELECT payload FROM ${this.options.tableName} WHERE id = $1`,
      [header.attachmentId],
    )
    const payload = rows.rows[0]?.payload
    if (payload) this.deliver(decode(payload) as ClusterMessage)
  }

  addNamespace(name: string): void {
    const channel = `${this.options.channelPrefix}#${name}`
    if (this.#channels.has(channel)) return
    this.#channels.add(channel)
    this.#listener?.client.query(`LISTEN "${channel}"`).catch(this.options.onError)
  }

  /**
   * Queues a message after every message published before it; resolves once its NOTIFY committed (a
   * failure is logged, not thrown: the adapter calls it from its emits).
   */
  publish(message: ClusterMessage): Promise<void> {
    return new Promise((settle) => {
      this.#queue.push({ message, settle })
      if (!this.#draining) void this.#drain()
    })
  }

  /**
   * Sends the queue in order. The messages queued while one round trip is under way go together in
   * the next: one NOTIFY per message, one statement for them all. One round trip per message made
   * every emit of a busy process wait behind all the others (the adapter delivers even a local emit
   * only once its NOTIFY is sent): the routing bench on PostgreSQL saw `inbound`s 100 ms late.
   */
  async #drain(): Promise<void> {
    this.#draining = true
    while (this.#queue.length > 0) {
      const batch = this.#takeBatch()
      try {
        await this.#send(batch)
      } catch (error) {
        this.options.onError(error)
      }
      for (const { pending } of batch) pending.settle()
    }
    this.#draining = false
  }

  /**
   * The next messages to send together, each with its NOTIFY payload: inline ones in a row, or one
   * alone that needs an attachment (binary, or over NOTIFY's limit; its payload is null).
   */
  #takeBatch(): Outgoing[] {
    const batch: Outgoing[] = []
    while (batch.length < BATCH_LIMIT && this.#queue.length > 0) {
      const pending = this.#queue[0] as PendingMessage
      const payload = this.#inline(pending.message, this.#sequence + 1)
      if (payload === null && batch.length > 0) break
      this.#queue.shift()
      batch.push({ pending, payload })
      if (payload === null) break
      this.#sequence++
    }
    return batch
  }

  /** The message as NOTIFY's payload, or null when it needs an attachment (binary or too large). */
  #inline(message: ClusterMessage, seq: number): string | null {
    if (hasBinary(message)) return null
    // `seq` keeps two equal messages of one statement apart: PostgreSQL folds identical notifications
    // of one transaction into one.
    const inline = JSON.stringify({ ...message, seq })
    return Buffer.byteLength(inline) <= INLINE_LIMIT ? inline : null
  }

  #channelOf(message: ClusterMessage): string {
    return `${this.options.channelPrefix}#${message.nsp ?? '/'}`
  }

  async #send(batch: Outgoing[]): Promise<void> {
    const [first] = batch as [Outgoing]
    if (first.payload !== null) {
      // In the array's order: notifications of one transaction reach listeners in the order sent.
      await this.pool.query(
        `SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS m(c, p, i) ORDER BY i`,
        [batch.map(({ pending }) => this.#channelOf(pending.message)), batch.map(({ payload }) => payload)],
      )
      return
    }
    const { message } = first.pending
    // One statement: the attachment and its notice commit together, in this message's turn.
    await this.pool.query(
      `WITH a AS (INSERT INTO ${this.options.tableName} (payload) VALUES ($3) RETURNING id)
       SELECT pg_notify($1, json_build_object('uid', $2::text, 'nsp', $5::text, 'type', $4::int, 'attachmentId', a.id)::text)
         FROM a`,
      [
        this.#channelOf(message),
        message.uid ?? '',
        Buffer.from(encode(message)),
        message.type,
        message.nsp ?? '/',
      ],
    )
  }

  close(): void {
    this.#closed = true
    clearTimeout(this.#retry)
    clearInterval(this.#cleanup)
    this.#listener?.client.removeAllListeners('end')
    this.#listener?.giveBack(false)
    this.#listener = null
  }
}

/**
 * Makes `adapter` say when its broadcasts have gone to the sockets (`DeferredBroadcasts`): a broadcast
 * resolves once its NOTIFY committed and it was handed to this process's sockets, and broadcasts resolve
 * in the order made (one queue), so the last one pending stands for them all.
 */
function trackBroadcasts(adapter: PostgresAdapter): void {
  let pending = 0
  let last: Promise<void> = Promise.resolve()
  const broadcast = adapter.broadcast.bind(adapter)
  adapter.broadcast = (packet, opts) => {
    pending++
    const sent = broadcast(packet, opts).finally(() => void pending--)
    last = sent
    return sent
  }
  ;(adapter as PostgresAdapter & DeferredBroadcasts).broadcastsSent = () => (pending > 0 ? last : null)
}

/**
 * The socket.io Postgres adapter (`@socket.io/postgres-adapter`) over an ordered pub/sub: events to
 * one socket arrive in the order they were sent, and before any room change made after them,
 * whichever process holds the socket.
 *
 * @example
 * new Server(httpServer, { adapter: createOrderedAdapter(pool, { onError: log }) })
 */
export function createOrderedAdapter(
  pool: Pool,
  options: OrderedAdapterOptions,
): (nsp: unknown) => PostgresAdapter {
  const namespaces = new Map<string, PostgresAdapter>()
  const uidOf = (adapter: PostgresAdapter | undefined) =>
    (adapter as unknown as { uid?: string } | undefined)?.uid
  const client = new OrderedPubSub(
    pool,
    {
      channelPrefix: options.channelPrefix ?? 'socket.io',
      tableName: options.tableName ?? 'socket_io_attachments',
      onError: options.onError,
    },
    (message) => uidOf(namespaces.get(message.nsp ?? '')) === message.uid,
    (message) =>
      (
        namespaces.get(message.nsp ?? '') as unknown as { onMessage(m: ClusterMessage): void } | undefined
      )?.onMessage(message),
  )
  // A function, not an arrow: socket.io calls it with `new`.
  return function orderedAdapter(nsp: unknown) {
    const name = (nsp as { name: string }).name
    const adapter = new PostgresAdapter(
      nsp,
      {
        heartbeatInterval: options.heartbeatInterval ?? 1_000,
        heartbeatTimeout: options.heartbeatTimeout ?? 3_000,
      },
      client as unknown as ConstructorParameters<typeof PostgresAdapter>[2],
    )
    namespaces.set(name, adapter)
    client.addNamespace(name)
    trackBroadcasts(adapter)
    const close = adapter.close.bind(adapter)
    adapter.close = () => {
      namespaces.delete(name)
      if (namespaces.size === 0) client.close()
      return close()
    }
    return adapter
  }
}
