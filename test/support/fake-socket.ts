import type { io } from 'socket.io-client'

type Listener = (...args: unknown[]) => void

/** What an `answer` returns for a server that never answers this time: the request times out (408). */
export const NO_REPLY = Symbol('no reply')

/**
 * A stand-in for socket.io-client's socket, for unit tests of the layers above the socket service:
 * tests push server events with `serverEmit` and answer client events with `answer`.
 */
export class FakeSocket {
  connected = false
  readonly sent: { event: string; payload: unknown }[] = []
  readonly options: Record<string, unknown>
  private listeners = new Map<string, Set<Listener>>()
  private answers = new Map<string, (payload: unknown) => unknown>()
  private watchers = new Set<(event: string, payload: unknown) => void>()

  constructor(options: Record<string, unknown>) {
    this.options = options
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener)
    return this
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener)
    return this
  }
  connect() {
    this.connected = true
    this.serverEmit('connect')
    return this
  }
  disconnect() {
    this.connected = false
    this.serverEmit('disconnect', 'io client disconnect')
    return this
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: Error | null, reply?: unknown) => void) => {
        this.sent.push({ event, payload })
        for (const watch of this.watchers) watch(event, payload)
        const answer = this.answers.get(event)
        if (answer)
          queueMicrotask(() => {
            const reply = answer(payload)
            // A promise is a server that answers later: the ack waits for it.
            if (reply instanceof Promise) void reply.then((late) => ack(null, late))
            else if (reply === NO_REPLY) ack(new Error('operation has timed out'))
            else ack(null, reply)
          })
        else queueMicrotask(() => ack(new Error('operation has timed out')))
      },
    }
  }
  emit(event: string, payload?: unknown) {
    this.sent.push({ event, payload })
    for (const watch of this.watchers) watch(event, payload)
    return this
  }

  /** Calls `watch` for every event the client sends from now on (a fake peer reacting to signals); returns the stop. */
  watchSent(watch: (event: string, payload: unknown) => void): () => void {
    this.watchers.add(watch)
    return () => this.watchers.delete(watch)
  }
  /** The server sends an event. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
  /** The server acknowledges every `event` with what `reply` returns (once it settles, if a promise). */
  answer(event: string, reply: (payload: unknown) => unknown) {
    this.answers.set(event, reply)
  }
}

/** An `io` replacement that hands out one FakeSocket and remembers it. */
export function fakeIo(): { factory: typeof io; socket: () => FakeSocket } {
  let created: FakeSocket | null = null
  const factory = ((...args: unknown[]) => {
    created = new FakeSocket((typeof args[0] === 'object' ? args[0] : args[1]) as Record<string, unknown>)
    return created
  }) as unknown as typeof io
  return {
    factory,
    socket: () => {
      if (!created) throw new Error('no socket created yet')
      return created
    },
  }
}
