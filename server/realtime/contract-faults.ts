// Test-only: a reference server that breaks the contract on purpose, so that the conformance kit can
// be shown to fail on the right field. Never on unless `createApplication({ contractFaults })` asks.
import type { Server } from 'socket.io'

/** A field to leave out of what the server sends to agents: `event.path` (`console:settings.pageSize`). */
export type ContractFault = string

function omit(payload: unknown, path: readonly string[]): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload
  const [head, ...rest] = path as [string, ...string[]]
  if (!Object.hasOwn(payload, head)) return payload
  const copy: Record<string, unknown> = { ...(payload as Record<string, unknown>) }
  if (rest.length === 0) delete copy[head]
  else copy[head] = omit(copy[head], rest)
  return copy
}

/** Splits `console:settings.pageSize` into the event and the path (event names hold no dots). */
function parse(fault: ContractFault): { event: string; path: string[] } {
  const [event, ...path] = fault.split('.')
  if (!event || path.length === 0) throw new Error(`contract fault "${fault}" is not event.field`)
  return { event, path }
}

/**
 * Removes the given fields from every event the agent namespace sends, direct or broadcast (copies:
 * the server's own objects stay whole).
 *
 * @example
 * installContractFaults(io, ['inbound.customerName'])
 */
export function installContractFaults(io: Server, faults: readonly ContractFault[]): void {
  if (faults.length === 0) return
  const parsed = faults.map(parse)
  const strip = (event: unknown, payload: unknown) =>
    parsed.reduce((value, fault) => (fault.event === event ? omit(value, fault.path) : value), payload)
  const namespace = io.of('/')
  // Broadcasts (`io.to(room).emit`) go through the adapter before they are encoded.
  const adapter = namespace.adapter as unknown as {
    broadcast(packet: { data: unknown[] }, opts: unknown): void
  }
  const broadcast = adapter.broadcast.bind(adapter)
  adapter.broadcast = (packet, opts) => {
    const [event, payload, ...rest] = packet.data
    broadcast({ ...packet, data: [event, strip(event, payload), ...rest] }, opts)
  }
  // Direct emits (`socket.emit`) of each socket.
  namespace.on('connection', (socket) => {
    const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => boolean
    ;(socket as unknown as { emit: typeof emit }).emit = (event, payload, ...rest) =>
      emit(event, strip(event, payload), ...rest)
  })
}
