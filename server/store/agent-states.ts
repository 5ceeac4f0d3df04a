import { AVAILABLE_STATUS, DISCONNECTED_STATUS, type AgentStatusUpdate } from '../../src/protocol'
import { queryOne, type Queryable } from './database'

/** An agent's live state row. */
export interface AgentStateRow {
  user_id: string
  status: string
  connected: boolean
  session_id: string | null
  socket_id: string | null
  node_id: string | null
  timezone: string | null
  available_since: Date | null
  call_id: string | null
  appointment_id: string | null
  ringing_call_id: string | null
  disconnected_at: Date | null
}

/**
 * SQL for the status flags of `agent_states s` (with `$fresh`, the oldest live heartbeat): an agent
 * counts as connected only while the process holding its socket is alive.
 */
export function statusFlagsSql(fresh: string): { online: string; available: string; inCall: string } {
  const connected = `(s.connected AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > ${fresh}))`
  const online = `(${connected} AND s.status <> '${DISCONNECTED_STATUS}')`
  const inCall = '(s.call_id IS NOT NULL OR s.appointment_id IS NOT NULL)'
  return { online, available: `(${online} AND s.status = '${AVAILABLE_STATUS}' AND NOT ${inCall})`, inCall }
}

/** The status update of a state row (the row's process is taken as alive: it is the caller's). */
export function toStatusUpdate(row: AgentStateRow): AgentStatusUpdate {
  const inCall = row.call_id !== null || row.appointment_id !== null
  const online = row.connected && row.status !== DISCONNECTED_STATUS
  return {
    online,
    available: online && row.status === AVAILABLE_STATUS && !inCall,
    inCall,
    status: row.status,
  }
}

/** An agent's state, locked for update inside a transaction. */
export function lockAgentState(db: Queryable, userId: string): Promise<AgentStateRow | undefined> {
  return queryOne<AgentStateRow>(db, 'SELECT * FROM agent_states WHERE user_id = $1 FOR UPDATE', [userId])
}

/** An agent's state. */
export function agentState(db: Queryable, userId: string): Promise<AgentStateRow | undefined> {
  return queryOne<AgentStateRow>(db, 'SELECT * FROM agent_states WHERE user_id = $1', [userId])
}

/** Segment ids an agent serves. */
export async function agentSegments(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ segment_id: string }>(
    'SELECT segment_id FROM agent_segments WHERE user_id = $1 ORDER BY segment_id',
    [userId],
  )
  return rows.map((row) => row.segment_id)
}
