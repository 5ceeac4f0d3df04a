import { io, type Socket } from 'socket.io-client'

/** One event as received. */
export interface Received {
  event: string
  payload: unknown
}

/**
 * A socket.io client that records everything it receives, so a test can emit first and then wait
 * for the answer without racing: `next()` takes the first recorded event not taken yet that matches,
 * or waits for it (failing after a safety timeout, never sleeping).
 */
export class EventClient {
  readonly socket: Socket
  readonly #received: Received[] = []
  readonly #waiters = new Set<() => void>()

  constructor(url: string, options: { namespace?: string; auth?: Record<string, unknown> } = {}) {
    this.socket = io(`${url}${options.namespace ?? ''}`, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(options.auth ? { auth: options.auth } : {}),
    })
    this.socket.onAny((event: string, payload: unknown) => this.#push({ event, payload }))
    this.socket.on('disconnect', (reason) => this.#push({ event: 'disconnect', payload: reason }))
    this.socket.on('connect_error', (error) => this.#push({ event: 'connect_error', payload: error.message }))
  }

  #push(item: Received): void {
    this.#received.push(item)
    for (const wake of this.#waiters) wake()
  }

  /** Resolves when connected. */
  async connected(): Promise<void> {
    if (this.socket.connected) return
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve())
      this.socket.once('connect_error', reject)
    })
  }

  /** The next `event` (matching `where`), taken off the record. */
  next<T = unknown>(
    event: string,
    where: (payload: T) => boolean = () => true,
    timeoutMs = 8000,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const look = (): boolean => {
        const index = this.#received.findIndex((item) => item.event === event && where(item.payload as T))
        if (index < 0) return false
        const [item] = this.#received.splice(index, 1)
        resolve(item?.payload as T)
        return true
      }
      if (look()) return
      const timer = setTimeout(() => {
        this.#waiters.delete(wake)
        const seen = this.#received.map((item) => item.event).join(', ')
        reject(new Error(`no ${event} within ${timeoutMs} ms (received: ${seen})`))
      }, timeoutMs)
      const wake = () => {
        if (look()) {
          clearTimeout(timer)
          this.#waiters.delete(wake)
        }
      }
      this.#waiters.add(wake)
    })
  }

  /** Whether an event was received (and not taken) — for asserting something did NOT happen, after a round trip. */
  has(event: string): boolean {
    return this.#received.some((item) => item.event === event)
  }

  /** Events received and not taken. */
  pending(): string[] {
    return this.#received.map((item) => item.event)
  }

  /** Emits with an ack and resolves with the reply. */
  request<T = unknown>(
    event: string,
    payload: unknown = {},
  ): Promise<
    | { ok: true; data: T }
    | { ok: false; error: { code: number; message: string; reason?: string; errors?: { code: string }[] } }
  > {
    return this.socket.timeout(8000).emitWithAck(event, payload)
  }

  /** Emits without an ack. */
  emit(event: string, ...args: unknown[]): void {
    this.socket.emit(event, ...args)
  }

  close(): void {
    this.socket.disconnect()
  }
}
