import { ERROR_MESSAGES } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { callById, type CallRow } from '../store/calls'
import { agentState } from '../store/agent-states'

/** Where an agent is: a call or a meeting (the room id is the call or appointment id). */
export type AgentRoom =
  { kind: 'call'; id: string; call: CallRow } | { kind: 'meeting'; id: string; accountId: string }

/** The call or meeting an agent is in; 409 when none. */
export async function agentRoom(context: ServerContext, db: Queryable, userId: string): Promise<AgentRoom> {
  const state = await agentState(db, userId)
  if (state?.call_id) {
    const call = await callById(db, state.call_id)
    if (call && call.status !== 'ended') return { kind: 'call', id: call.id, call }
  }
  if (state?.appointment_id) {
    const rows = await db.query<{ account_id: string }>('SELECT account_id FROM appointments WHERE id = $1', [
      state.appointment_id,
    ])
    if (rows[0]) return { kind: 'meeting', id: state.appointment_id, accountId: rows[0].account_id }
  }
  void context
  throw new ServerError(409, ERROR_MESSAGES.notInCall)
}

/** The active call an agent is in; 409 when none (meetings have no tags, comments or form). */
export async function agentCall(context: ServerContext, db: Queryable, userId: string): Promise<CallRow> {
  const room = await agentRoom(context, db, userId)
  if (room.kind !== 'call' || room.call.status !== 'active')
    throw new ServerError(409, ERROR_MESSAGES.notInCall)
  return room.call
}
