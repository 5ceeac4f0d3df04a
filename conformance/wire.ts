import { io, type Socket } from 'socket.io-client'

/** A socket that remembers every event it got, so a flow can wait for one that came early. */
export class WireSocket {
  readonly #received: { event: string; payload: unknown }[] = []
  readonly #waiters = new Set<() => void>()

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.#received.push({ event, payload })
      for (const wake of [...this.#waiters]) wake()
    })
  }

  /** Connects to socket.io on `/ws` (websocket only) at `origin` + `namespace`. */
  static async connect(
    origin: string,
    timeoutMs: number,
    namespace = '',
    auth?: Record<string, unknown>,
  ): Promise<WireSocket> {
    const socket = io(`${origin}${namespace}`, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      timeout: timeoutMs,
      ...(auth ? { auth } : {}),
    })
    const wire = new WireSocket(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', (error) => reject(new Error(`cannot connect: ${error.message}`)))
    })
    return wire
  }

  /** Emits with an ack and resolves with the raw reply. */
  request(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    return this.socket.timeout(timeoutMs).emitWithAck(event, payload)
  }

  /**
   * The first event of that name (from the start, or after `after` events of that name were taken)
   * matching `where`, waiting up to `timeoutMs`; rejects with a message naming the event.
   */
  next(
    event: string,
    timeoutMs: number,
    where: (payload: unknown) => boolean = () => true,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const index = this.#received.findIndex((item) => item.event === event && where(item.payload))
        if (index === -1) return false
        const [found] = this.#received.splice(index, 1)
        resolve(found!.payload)
        return true
      }
      if (look()) return
      const timer = setTimeout(() => {
        this.#waiters.delete(wake)
        reject(new Error(`no ${event} within ${timeoutMs} ms`))
      }, timeoutMs)
      const wake = () => {
        if (!look()) return
        clearTimeout(timer)
        this.#waiters.delete(wake)
      }
      this.#waiters.add(wake)
    })
  }

  close(): void {
    this.socket.disconnect()
  }
}

/** The answer of an HTTP call: status, headers and body (JSON when it parses, else text). */
export interface HttpAnswer {
  status: number
  headers: Headers
  body: unknown
}

/** Calls the backend; never throws on an HTTP status, only when the server cannot be reached. */
export async function http(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; timeoutMs: number },
): Promise<HttpAnswer> {
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Plain text (version.txt) stays text.
  }
  return { status: response.status, headers: response.headers, body }
}
