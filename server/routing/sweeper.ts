import type { ServerContext } from '../context'
import { every } from '../clock'
import { takeOverDeadProcesses } from './process-takeover'
import { expireOffer } from './ring-end'
import { exceedQueue } from './queue'
import { customerGraceOver } from './customer-presence'
import { endCallForAbsentAgent } from './agent-timeout'
import { endTransferringLeg } from './segment-transfer'
import { dispatchSegment } from './dispatch'

/**
 * Each process beats its heartbeat (four times per `nodeTtlMs`) and sweeps every `sweepIntervalMs`:
 * what dead processes held (their agents and customers, see `takeOverDeadProcesses`), then ring
 * timeouts, queue limits, grace periods and transfer legs whose deadline passed (the deadlines are in
 * the rows: a timer lost with its process is caught here), and queues whose agents' cooldowns ran out.
 * Every step is idempotent and locks its rows, so processes sweeping at once do not do anything twice.
 *
 * @returns a stop function, resolving once a sweep or beat in flight is over (a draining process
 * removes its heartbeat after it, so that no late beat brings it back).
 */
export function startSweeper(context: ServerContext): () => Promise<void> {
  let sweeping: Promise<void> | null = null
  let beating: Promise<void> | null = null
  let stopped = false
  const sweep = async () => {
    if (sweeping || stopped) return
    sweeping = sweepOnce(context).finally(() => (sweeping = null))
    await sweeping
  }
  const pulse = async () => {
    if (beating || stopped) return
    beating = beat(context).finally(() => (beating = null))
    await beating
  }
  // On the server's clock: a test that moves time forward beats the heartbeat (and sweeps) as it goes.
  const stopSweeps = every(context.clock, context.timers.sweepIntervalMs, () => context.background.run(sweep))
  // The heartbeat keeps its own pace: a long sweep interval (tests) must not make this process look dead.
  const stopBeats = every(context.clock, Math.max(100, Math.floor(context.timers.nodeTtlMs / 4)), () =>
    context.background.run(pulse),
  )
  return async () => {
    stopped = true
    stopSweeps()
    stopBeats()
    await Promise.allSettled([sweeping, beating])
  }
}

/**
 * This process is alive. If its row is gone, the others took it for dead (it stalled past
 * `nodeTtlMs`) and took over its agents and customers: it comes back under the same id and closes its
 * connections, so that every client reconnects and is registered again, here or elsewhere.
 */
export async function beat(context: ServerContext): Promise<void> {
  const at = new Date(context.clock.now())
  const pid = await context.backendPid()
  const rows = await context.db.query(
    'UPDATE nodes SET heartbeat_at = $2, backend_pid = $3 WHERE id = $1 RETURNING id',
    [context.nodeId, at, pid],
  )
  if (rows.length > 0) return
  await context.db.query(
    `INSERT INTO nodes (id, heartbeat_at, backend_pid) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = $2, backend_pid = $3`,
    [context.nodeId, at, pid],
  )
  const sockets = [...context.io.of('/').sockets.values(), ...context.customers.sockets.values()]
  context.logger.warn(
    { event: 'process.fenced', sockets: sockets.length },
    'this process was taken for dead: its clients reconnect',
  )
  // Closing the transport (not `disconnect()`) is what makes socket.io clients reconnect by themselves.
  for (const socket of sockets) socket.conn.close()
}

/** One sweep (exported for tests). */
export async function sweepOnce(context: ServerContext): Promise<void> {
  const now = context.clock.now()
  const at = (ms: number) => new Date(now - ms)
  await beat(context)
  await takeOverDeadProcesses(context)
  for (const { id } of await context.db.query<{ id: string }>(
    "SELECT id FROM offers WHERE state = 'ringing' AND expires_at <= $1 LIMIT 100",
    [new Date(now)],
  ))
    await expireOffer(context, id)
  for (const { id } of await context.db.query<{ id: string }>(
    "SELECT id FROM calls WHERE status IN ('queued', 'ringing') AND queue_deadline <= $1 LIMIT 100",
    [new Date(now)],
  ))
    await exceedQueue(context, id)
  for (const { id } of await context.db.query<{ id: string }>(
    `SELECT id FROM calls WHERE status IN ('queued', 'ringing', 'active') AND NOT customer_connected
        AND customer_disconnected_at <= $1 AND NOT customer_left AND NOT customer_kicked LIMIT 100`,
    [at(context.timers.customerGraceMs)],
  ))
    await customerGraceOver(context, id)
  for (const { id, releasing_agent_id } of await context.db.query<{ id: string; releasing_agent_id: string }>(
    'SELECT id, releasing_agent_id FROM calls WHERE releasing_agent_id IS NOT NULL AND releasing_at <= $1 LIMIT 100',
    [new Date(now)],
  ))
    await endTransferringLeg(context, id, releasing_agent_id)
  for (const row of await context.db.query<{ user_id: string; room: string }>(
    `SELECT user_id, coalesce(call_id, appointment_id) AS room FROM agent_states
      WHERE NOT connected AND (call_id IS NOT NULL OR appointment_id IS NOT NULL) AND disconnected_at <= $1 LIMIT 100`,
    [at(context.timers.agentGraceMs)],
  ))
    await endCallForAbsentAgent(context, row.user_id, row.room)
  for (const { segment_id } of await context.db.query<{ segment_id: string }>(
    "SELECT DISTINCT segment_id FROM calls WHERE status = 'queued' AND customer_connected",
  ))
    await dispatchSegment(context, segment_id)
}
