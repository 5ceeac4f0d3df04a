import { io, type Socket } from 'socket.io-client'
import * as v from 'valibot'
import { decodeMessage, type FieldDefault } from '../protocol'

/** A failed socket request: the server's error reply, or 408 when no acknowledgement came in time. */
export class SocketRequestError extends Error {
  constructor(
    /** HTTP-like status of the reply (408 for an ack timeout, 503 when not connected). */
    readonly code: number,
    message: string,
    /** The machine reason of the reply (`dismissed`, `mandatoryTags`…), if any. */
    readonly reason: string | undefined = undefined,
    /** Field errors of the reply (the mandatory-tags conflict), if any. */
    readonly errors: readonly { code: string; message: string }[] = [],
  ) {
    super(message)
    this.name = 'SocketRequestError'
  }
}

/**
 * Whether a request got no acknowledgement in time (the socket's own 408, with no reason): its outcome
 * is unknown, the server may have it (a stalled link delivers it late).
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof SocketRequestError && error.code === 408 && error.reason === undefined
}

/** Whether a request was never sent: the realtime link was down (the socket's own 503). */
export function isNotSent(error: unknown): boolean {
  return error instanceof SocketRequestError && error.code === 503 && error.reason === undefined
}

/** Validators of what the server may send, by event name. */
export type EventSchemas = Record<string, v.GenericSchema>

/** A server message the console had to drop: which event, which field, and why. */
export interface MalformedMessage {
  /** The server event, or the client event whose acknowledgement was malformed. */
  event: string
  /** Whether it was a pushed event or the acknowledgement of a request. */
  kind: 'event' | 'reply'
  /** Dotted path of the field at fault, `(payload)` for the whole message. */
  field: string
  /** `missing`, or what is wrong with the value. */
  reason: string
}

/** How to reach the realtime server. */
export interface SocketConnectionOptions<S extends EventSchemas> {
  /** Origin of the server; empty for the page's own. */
  url: string
  /** socket.io path (`/ws`). */
  path: string
  /** Connect and acknowledgement timeout. */
  timeoutMs: number
  /** Validators of incoming events; an event without one is not listened to. */
  schemas: S
  /** Defaults of the fields the console tolerates missing, by server event. */
  defaults?: Readonly<Record<string, readonly FieldDefault[]>>
  /** Defaults of the ack data, by client event. */
  replyDefaults?: Readonly<Record<string, readonly FieldDefault[]>>
  /** Told about every message dropped for not matching the contract. */
  onMalformed?: (message: MalformedMessage) => void
  /** Makes the underlying socket; tests may hand in their own. */
  ioFactory?: typeof io
}

/** Connection lifecycle callbacks. */
export interface LifecycleHandlers {
  connect?: () => void
  disconnect?: (reason: string) => void
  connectError?: (error: Error) => void
}

/**
 * What a client may send, by event name: each event a function of its payload (and an optional ack),
 * as the protocol's `ClientToServerEvents` declares them.
 */
export type OutgoingEvents = object

/** Every outgoing event: what an untyped caller (a test's fake) may send. */
export type AnyOutgoingEvents = Record<string, (payload?: unknown, ack?: unknown) => void>

/** The payload of outgoing event `E` (its handler's first parameter). */
export type OutgoingPayload<C extends OutgoingEvents, E extends keyof C> = C[E] extends (
  payload: infer P,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the ack takes
  ...rest: any[]
) => void
  ? P
  : never

/**
 * The console's realtime link: validated incoming events, outgoing events and acknowledged requests.
 * `S` validates what comes in; `C` names what may go out, so a misspelt event or a wrong payload does
 * not compile.
 */
export interface SocketConnection<S extends EventSchemas, C extends OutgoingEvents = AnyOutgoingEvents> {
  /** Opens the link (again); the transport never reconnects by itself. */
  connect(): void
  /** Closes the link on purpose. */
  disconnect(): void
  /** Whether the link is up. */
  isConnected(): boolean
  /** Listens to a server event; the handler only ever sees payloads that match the contract. */
  on<E extends keyof S & string>(event: E, handler: (payload: v.InferOutput<S[E]>) => void): () => void
  /** Listens to connect, disconnect and connect errors. */
  onLifecycle(handlers: LifecycleHandlers): () => void
  /** Sends an event; nothing comes back. */
  emit<E extends keyof C & string>(event: E, payload: OutgoingPayload<C, E>): void
  /** Sends an event and waits for its acknowledgement (`{ ok, data | error }`), validating `data`. */
  request<E extends keyof C & string, T extends v.GenericSchema>(
    event: E,
    payload: OutgoingPayload<C, E>,
    data: T,
    timeoutMs?: number,
  ): Promise<v.InferOutput<T>>
}

const ReplySchema = v.variant('ok', [
  v.object({ ok: v.literal(true), data: v.unknown() }),
  v.object({
    ok: v.literal(false),
    error: v.object({
      code: v.number(),
      message: v.string(),
      reason: v.optional(v.string()),
      errors: v.optional(v.array(v.object({ code: v.string(), message: v.string() }))),
    }),
  }),
])

/**
 * Makes the realtime link: websocket transport only, the transport's own reconnection off (the session
 * decides when to reconnect), every incoming payload validated, malformed ones logged and dropped.
 *
 * @example
 * const socket = createSocketConnection({ url: '', path: '/ws', timeoutMs: 15_000, schemas })
 * socket.on('agent:status:update', (status) => setAgentStatus(status))
 * socket.connect()
 */
export function createSocketConnection<S extends EventSchemas, C extends OutgoingEvents = AnyOutgoingEvents>(
  options: SocketConnectionOptions<S>,
): SocketConnection<S, C> {
  const factory = options.ioFactory ?? io
  const settings = {
    path: options.path,
    transports: ['websocket'],
    reconnection: false,
    timeout: options.timeoutMs,
    autoConnect: false,
  }
  const socket: Socket = options.url ? factory(options.url, settings) : factory(settings)

  function on<E extends keyof S & string>(event: E, handler: (payload: v.InferOutput<S[E]>) => void) {
    const schema = options.schemas[event]
    if (!schema) throw new Error(`No validator for server event ${event}`)
    const listener = (payload: unknown) => {
      const decoded = decodeMessage(schema, options.defaults?.[event], payload)
      if (!decoded.ok) return malformed({ event, kind: 'event', ...decoded.problem })
      if (decoded.defaulted.length > 0)
        console.info('[agent-console] filled absent fields with defaults', event, decoded.defaulted)
      handler(decoded.value as v.InferOutput<S[E]>)
    }
    // Reserved names never reach here: the schemas map holds only contract events.
    const untyped = socket as unknown as {
      on(e: string, l: (p: unknown) => void): void
      off(e: string, l: (p: unknown) => void): void
    }
    untyped.on(event, listener)
    return () => untyped.off(event, listener)
  }

  function malformed(message: MalformedMessage) {
    console.warn('[agent-console] dropped a malformed server message', message)
    options.onMalformed?.(message)
  }

  function onLifecycle({ connect, disconnect, connectError }: LifecycleHandlers) {
    const onDisconnect = (reason: string) => disconnect?.(reason)
    const onError = (error: Error) => connectError?.(error)
    if (connect) socket.on('connect', connect)
    socket.on('disconnect', onDisconnect)
    socket.on('connect_error', onError)
    return () => {
      if (connect) socket.off('connect', connect)
      socket.off('disconnect', onDisconnect)
      socket.off('connect_error', onError)
    }
  }

  function request<T extends v.GenericSchema>(
    event: keyof C & string,
    payload: unknown,
    data: T,
    timeoutMs = options.timeoutMs,
  ) {
    return new Promise<v.InferOutput<T>>((resolve, reject) => {
      if (!socket.connected) {
        reject(new SocketRequestError(503, 'Not connected'))
        return
      }
      socket.timeout(timeoutMs).emit(event, payload, (timedOut: Error | null, reply: unknown) => {
        if (timedOut) return reject(new SocketRequestError(408, `No reply to ${event}`))
        const parsed = v.safeParse(ReplySchema, reply)
        if (!parsed.success) {
          malformed({ event, kind: 'reply', field: '(payload)', reason: 'not a { ok, data | error } reply' })
          return reject(new SocketRequestError(502, `Malformed reply to ${event}`))
        }
        if (!parsed.output.ok) {
          const { code, message, reason, errors } = parsed.output.error
          return reject(new SocketRequestError(code, message, reason, errors ?? []))
        }
        const body = decodeMessage(data, options.replyDefaults?.[event], parsed.output.data)
        if (!body.ok) {
          malformed({
            event,
            kind: 'reply',
            field: `data.${body.problem.field}`,
            reason: body.problem.reason,
          })
          return reject(new SocketRequestError(502, `Malformed reply to ${event}`))
        }
        resolve(body.value)
      })
    })
  }

  return {
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    isConnected: () => socket.connected,
    on,
    onLifecycle,
    emit: (event, payload) => void (payload === undefined ? socket.emit(event) : socket.emit(event, payload)),
    request,
  }
}
