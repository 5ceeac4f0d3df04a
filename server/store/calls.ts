import type { FilledField, FormDefinition, FormValues } from '../../src/protocol'
import { queryOne, type Queryable } from './database'

/** Call statuses: waiting in a queue, ringing at an agent, answered, or over. */
export type CallStatus = 'queued' | 'ringing' | 'active' | 'ended' | 'abandoned' | 'exceeded'

/** A call row. */
export interface CallRow {
  id: string
  account_id: string
  segment_id: string
  previous_segment_id: string | null
  status: CallStatus
  customer_session_id: string
  customer_name: string
  customer_connected: boolean
  /** When the customer's last socket went; kept once their grace ran out (with `customer_left`). */
  customer_disconnected_at: Date | null
  /** The process holding the customer's socket (migration 005). */
  customer_node_id: string | null
  customer_kicked: boolean
  customer_left: boolean
  customer_permissions: { camera: boolean; microphone: boolean } | null
  priority: boolean
  extra_data: Record<string, string | null>
  form: FilledField[]
  integration_data: Record<string, unknown> | string | null
  ticket_id: string | null
  poc: { label: string } | null
  branch: { label: string } | null
  agent_form: FormDefinition | null
  agent_form_values: FormValues
  selected_tags: string[]
  comments: string
  comments_at: Date | null
  queued_at: Date
  queue_deadline: Date
  answered_at: Date | null
  ended_at: Date | null
  end_reason: string | null
  agent_id: string | null
  transfer: { fromAgentId: string; fromAgentName: string; segmentId: string | null } | null
  releasing_agent_id: string | null
  releasing_at: Date | null
  /** A personal-link call rings at this agent only. */
  target_agent_id: string | null
}

/** A call by id. */
export function callById(db: Queryable, id: string): Promise<CallRow | undefined> {
  return queryOne<CallRow>(db, 'SELECT * FROM calls WHERE id = $1', [id])
}

/** A call by id, locked for update. */
export function lockCall(db: Queryable, id: string): Promise<CallRow | undefined> {
  return queryOne<CallRow>(db, 'SELECT * FROM calls WHERE id = $1 FOR UPDATE', [id])
}

/** The live call (queued, ringing or active) of a customer session, if any. */
export function liveCallOfCustomer(db: Queryable, sessionId: string): Promise<CallRow | undefined> {
  return queryOne<CallRow>(
    db,
    `SELECT * FROM calls WHERE customer_session_id = $1 AND status IN ('queued', 'ringing', 'active')
      ORDER BY queued_at DESC LIMIT 1`,
    [sessionId],
  )
}

/** An offer row. */
export interface OfferRow {
  id: string
  call_id: string
  agent_id: string
  kind: 'inbound' | 'transferred' | 'invited'
  from_agent_id: string | null
  state: 'ringing' | 'answered' | 'dismissed' | 'timeout' | 'canceled'
  created_at: Date
  expires_at: Date
  ended_at: Date | null
}

/** Ends an offer in a final state. */
export async function endOffer(
  db: Queryable,
  offerId: string,
  state: OfferRow['state'],
  now: number,
): Promise<void> {
  await db.query('UPDATE offers SET state = $2, ended_at = $3 WHERE id = $1', [offerId, state, new Date(now)])
}

/** A ringing offer and its call, both locked (`lockRingingOffer`). */
export interface LockedOffer {
  offer: OfferRow
  /** The offer's call as locked, read once: the transaction that holds it need not read it again. */
  call: CallRow | undefined
}

/**
 * Locks a ringing offer found by `where` (over the `offers` columns, `$1…` its parameters) the way
 * every routing transaction locks: its call's row first, then the offer. An offer locked before its
 * call, while another transaction held the call and waited for the offer, was a deadlock on
 * PostgreSQL. Resolves the offer still ringing once both are held, with its call, or undefined.
 */
export async function lockRingingOffer(
  db: Queryable,
  where: string,
  params: unknown[],
): Promise<LockedOffer | undefined> {
  // The offer may end while its call is awaited, and another ring at the same agent begin: look again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const seen = await queryOne<OfferRow>(
      db,
      `SELECT * FROM offers WHERE ${where} AND state = 'ringing' ORDER BY created_at LIMIT 1`,
      params,
    )
    if (!seen) return undefined
    const call = await lockCall(db, seen.call_id)
    const held = await queryOne<OfferRow>(
      db,
      "SELECT * FROM offers WHERE id = $1 AND state = 'ringing' FOR UPDATE",
      [seen.id],
    )
    if (held) return { offer: held, call }
  }
  return undefined
}

/** The ringing offers of a call, locked. */
export function lockRingingOffers(db: Queryable, callId: string): Promise<OfferRow[]> {
  return db.query<OfferRow>("SELECT * FROM offers WHERE call_id = $1 AND state = 'ringing' FOR UPDATE", [
    callId,
  ])
}
