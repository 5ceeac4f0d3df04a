// Where bench/server-routing.ts's clients' time goes, stamped inside the server process with
// `process.hrtime` (the clock the clients stamp with): when each `queue:join` packet was read off its
// socket, and when each `inbound` was handed to its agent's websocket; and when the server's thread
// stopped for garbage collection. Listens to engine.io's own events and to perf_hooks; adds no work to
// the server's handlers. At each join read it also reads how long the thread has waited for a core
// (schedstat: one read of /proc, about 16 µs, in the clients' figure and not in the server's).
import type { Server } from 'socket.io'
import { observeGcPauses, type GcPause } from './gc-pauses'
import { mainThreadRunQueueWaitMs } from './run-queue-wait'

/** hrtime stamps (nanoseconds, as strings for IPC) by customer name. */
export interface RoutingStamps {
  /** The `queue:join` packet read by the server (engine.io `packet`). */
  read: Record<string, string>
  /** The main thread's wait for a core so far (ms, schedstat) when it read each join; null off Linux. */
  waitAtRead: Record<string, number | null>
  /** The `inbound` written to the agent's websocket (engine.io `flush`, just before `transport.send`). */
  written: Record<string, string>
  /** The server thread's garbage-collection pauses. */
  gcPauses: GcPause[]
}

interface EnginePacket {
  data?: unknown
}
interface EngineConnection {
  on(event: 'packet', listener: (packet: EnginePacket) => void): void
  on(event: 'flush', listener: (packets: EnginePacket[]) => void): void
}

/** The `[event, payload]` of a socket.io event packet (`2`, optional `/namespace,` and ack id), if it is `event`. */
function payloadOf(packet: EnginePacket, event: string): Record<string, unknown> | null {
  if (typeof packet.data !== 'string' || !packet.data.includes(`["${event}"`)) return null
  const [, payload] = JSON.parse(packet.data.slice(packet.data.indexOf('['))) as [string, unknown]
  return payload as Record<string, unknown>
}

/**
 * Stamps every `queue:join` read on `customers` and every `inbound` written on `agents`.
 *
 * @example
 * const stamps = stampRouting(app.context.io, app.context.customers)
 */
export function stampRouting(
  agents: Pick<Server, 'on'>,
  customers: { on(event: 'connection', listener: (socket: { conn: unknown }) => void): unknown },
): RoutingStamps {
  const stamps: RoutingStamps = { read: {}, waitAtRead: {}, written: {}, gcPauses: observeGcPauses() }
  customers.on('connection', (socket) =>
    (socket.conn as EngineConnection).on('packet', (packet) => {
      const join = payloadOf(packet, 'queue:join')
      if (!join) return
      stamps.read[String(join.name)] = process.hrtime.bigint().toString()
      stamps.waitAtRead[String(join.name)] = mainThreadRunQueueWaitMs()
    }),
  )
  agents.on('connection', (socket) =>
    (socket.conn as unknown as EngineConnection).on('flush', (packets) => {
      const at = process.hrtime.bigint().toString()
      for (const packet of packets) {
        const inbound = payloadOf(packet, 'inbound')
        if (inbound) stamps.written[String(inbound.customerName)] = at
      }
    }),
  )
  return stamps
}
