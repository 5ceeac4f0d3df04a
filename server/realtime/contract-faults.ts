// Test-only: a reference server that breaks the contract on purpose, so that the conformance kit can
// be shown to fail on the right field. Never on unless `createApplication({ contractFaults })` asks.
import type { Server } from 'socket.io'

/**
 * A break of the contract in what the server sends to agents: `event.path` leaves the field out
 * (`console:settings.pageSize`), `event.path=<json>` replaces its value (`console:settings.pageSize="ten"`).
 */
export type ContractFault = string

interface ParsedFault {
  event: string
  path: string[]
  /** Absent: remove the field. */
  value?: unknown
}

function apply(payload: unknown, path: readonly string[], fault: ParsedFault): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload
  const [head, ...rest] = path as [string, ...string[]]
  if (!Object.hasOwn(payload, head)) return payload
  const copy: Record<string, unknown> = { ...(payload as Record<string, unknown>) }
  if (rest.length > 0) copy[head] = apply(copy[head], rest, fault)
  else if ('value' in fault) copy[head] = fault.value
  else delete copy[head]
  return copy
}

/** Splits `console:settings.pageSize[=json]` into the event, the path and the value (event names hold no dots). */
function parse(fault: ContractFault): ParsedFault {
  const equals = fault.indexOf('=')
  const target = equals === -1 ? fault : fault.slice(0, equals)
  const [event, ...path] = target.split('.')
  if (!event || path.length === 0) throw new Error(`contract fault "${fault}" is not event.field[=json]`)
  return equals === -1 ? { event, path } : { event, path, value: JSON.parse(fault.slice(equals + 1)) }
}

/**
 * Removes or replaces the given fields in every event the agent namespace sends, direct or broadcast
 * (copies: the server's own objects stay whole).
 *
 * @example
 * installContractFaults(io, ['inbound.customerName'])
 */
export function installContractFaults(io: Server, faults: readonly ContractFault[]): void {
  if (faults.length === 0) return
  const parsed = faults.map(parse)
  const strip = (event: unknown, payload: unknown) =>
    parsed.reduce(
      (value, fault) => (fault.event === event ? apply(value, fault.path, fault) : value),
      payload,
    )
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
