import type { ServerContext } from '../context'
import type { CallRow } from '../store/calls'
import { agentPeerId, callCustomerPeerId, setConnected } from '../store/participants'
import { announceAgentAway } from '../realtime/agent-presence'
import { announceCustomerAway } from './customer-presence'
import { liveSince } from './liveness'
import { logOffline } from '../store/status-log'

/**
 * A process is dead when its heartbeat is older than `nodeTtlMs`, when the connection it holds for life
 * is gone from PostgreSQL (its `backend_pid`, see store/lifeline.ts: a `kill -9` shows there at once),
 * or, on PGlite (one process per data folder: its lock file sees to that), when it is any process but
 * this one. This SQL condition reads "the process `column` of a row is alive" with `$2` the oldest
 * live heartbeat, `$3` exclusive, `$4` us.
 */
const ALIVE = (column: string) =>
  `EXISTS (SELECT 1 FROM nodes n WHERE n.id = ${column} AND n.heartbeat_at > $2 AND (NOT $3 OR n.id = $4)
     AND (n.backend_pid IS NULL OR n.id = $4 OR EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.backend_pid)))`

/** When a row's process was last heard of (its grace period runs from there), else now. */
const LAST_HEARD = (column: string) =>
  `coalesce((SELECT n.heartbeat_at FROM nodes n WHERE n.id = ${column}), $1)`

/**
 * The survivors take over what dead processes held: their agents are disconnected (out of routing at
 * once, what rang at them rings elsewhere, their call waits `agentGraceMs` from the dead process's last
 * heartbeat), their customers are away (the agents are told; a queued call waits, a call in progress
 * waits `customerGraceMs` for them), and the dead processes' rows go. Each step is one statement that
 * re-checks its rows under lock, so survivors sweeping at once tell each thing once.
 *
 * @returns how many agents and customers were taken over.
 */
export async function takeOverDeadProcesses(
  context: ServerContext,
): Promise<{ agents: number; customers: number }> {
  const now = new Date(context.clock.now())
  const params = [now, liveSince(context, now.getTime()), context.db.kind === 'pglite', context.nodeId]
  const agents = await context.db.query<{
    user_id: string
    call_id: string | null
    appointment_id: string | null
  }>(
    `UPDATE agent_states s SET connected = false, socket_id = NULL, updated_at = $1,
            disconnected_at = ${LAST_HEARD('s.node_id')}
      WHERE s.connected AND NOT ${ALIVE('s.node_id')}
      RETURNING s.user_id, s.call_id, s.appointment_id`,
    params,
  )
  const customers = await context.db.query<CallRow>(
    `UPDATE calls c SET customer_connected = false, customer_disconnected_at = ${LAST_HEARD('c.customer_node_id')}
      WHERE c.status IN ('queued', 'ringing', 'active') AND c.customer_connected
        AND NOT c.customer_left AND NOT c.customer_kicked AND NOT ${ALIVE('c.customer_node_id')}
      RETURNING c.*`,
    params,
  )
  await context.db.query(
    `DELETE FROM nodes n WHERE n.id <> $3 AND (n.heartbeat_at <= $1 OR $2
       OR (n.backend_pid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.backend_pid)))`,
    [params[1], params[2], context.nodeId],
  )
  for (const agent of agents) {
    const roomId = agent.call_id ?? agent.appointment_id
    if (roomId) await setConnected(context.db, roomId, agentPeerId(agent.user_id), false)
    // The agent's day (metrics) counts them offline from here, as a disconnection would.
    await logOffline(context.db, agent.user_id, now.getTime())
    context.events.agentPresence({ agentId: agent.user_id, state: 'disconnected', reason: 'process gone' })
    await announceAgentAway(context, agent.user_id, roomId)
  }
  for (const call of customers) {
    if (call.status === 'active') await setConnected(context.db, call.id, callCustomerPeerId(call.id), false)
    await announceCustomerAway(context, call, 'transport-error', 'process gone')
  }
  if (agents.length + customers.length > 0)
    context.logger.warn(
      { event: 'process.takeover', agents: agents.length, customers: customers.length },
      'took over what a dead process held',
    )
  return { agents: agents.length, customers: customers.length }
}
