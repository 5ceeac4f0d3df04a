import { performance } from 'node:perf_hooks'
import type * as v from 'valibot'
import type { ErrorReply, Reply } from '../../src/protocol'
import { ServerError, toErrorReply } from '../errors'
import { parseInput } from '../validation'
import { jsonSizeWithin, payloadCap } from './payload-caps'

/** How a refused event is reported besides its ack (`cause`: what was thrown, for the log of a 5xx). */
export type ErrorSink = (
  event: string,
  error: ErrorReply,
  acked: boolean,
  payload: unknown,
  cause: unknown,
) => void

/** When an event reached this process (before it waited its turn in the lane). */
export interface Arrival {
  /** On the server's clock (milliseconds since the epoch): what is stored. */
  at: number
  /** `performance.now()` (sub-millisecond, monotonic): for spans measured within this process. */
  monotonic: number
}

/** A socket's serial lane: its events are handled one after the other, in arrival order. */
export interface EventLane {
  chain: Promise<void>
}

/** The `reason` of a payload refused for its size (413), before any validation. */
export const PAYLOAD_TOO_LARGE = 'payload-too-large'

/**
 * Registers a validated handler for one client event on a socket. A payload larger than the event's
 * cap (`payloadCap` of the socket's namespace) is refused with a 413 `payload-too-large` as it
 * arrives, before any validation or handler work (and is not kept while the refusal waits its turn
 * in the lane). Otherwise the payload is parsed with the protocol schema; the handler's result (or
 * error) goes to the ack when the client sent one; a refusal without an ack goes to `onError`. Events
 * of one socket run in order (signals must not overtake each other), and nothing a client sends can
 * throw out of here. The handler also gets the event's arrival time on `now` (a queue join counts
 * from there, not from its turn in the lane).
 *
 * @example
 * handle(socket, lane, 'comments', CommentsSchema, (payload) => saveComments(payload), report)
 */
export function handle<S extends v.GenericSchema, R>(
  socket: {
    on(event: string, listener: (...args: unknown[]) => void): unknown
    nsp?: { name: string }
  },
  lane: EventLane,
  event: string,
  schema: S,
  handler: (payload: v.InferOutput<S>, arrival: Arrival) => Promise<R>,
  onError: ErrorSink,
  now: () => number = Date.now,
): void {
  const cap = payloadCap(socket.nsp?.name ?? '/', event)
  socket.on(event, (...args: unknown[]) => {
    const arrival = { at: now(), monotonic: performance.now() }
    const last = args[args.length - 1]
    const ack = typeof last === 'function' ? (last as (reply: Reply<unknown>) => void) : undefined
    const values = ack ? args.slice(0, -1) : args
    // Every argument counts (a second one is never read, but an attacker may still send it).
    if (jsonSizeWithin(values, cap) === null) return refuseTooLarge(lane, event, cap, ack, onError)
    const payload = values[0]
    lane.chain = lane.chain.then(async () => {
      try {
        const data = await handler(parseInput(schema, payload), arrival)
        ack?.({ ok: true, data: data ?? null })
      } catch (error) {
        const reply = toErrorReply(error)
        try {
          ack?.({ ok: false, error: reply })
        } finally {
          onError(event, reply, ack !== undefined, payload, error)
        }
      }
    })
  })
}

/** Refuses an event whose payload passed `cap`, in its turn in the lane (the payload is not kept). */
function refuseTooLarge(
  lane: EventLane,
  event: string,
  cap: number,
  ack: ((reply: Reply<unknown>) => void) | undefined,
  onError: ErrorSink,
): void {
  const error = new ServerError(413, `The payload of ${event} must be at most ${cap} characters`, {
    reason: PAYLOAD_TOO_LARGE,
  })
  const reply = error.toReply()
  lane.chain = lane.chain.then(() => {
    try {
      ack?.({ ok: false, error: reply })
    } finally {
      onError(event, reply, ack !== undefined, undefined, error)
    }
  })
}
