import type { CallOutcome, HistoryVia } from '../../src/protocol'
import type { Queryable } from './database'

/**
 * Each agent's part in a call or meeting (`call_legs`), written inside the routing transactions as
 * things happen: the history and the metrics read it. The queue's rings open their legs in the
 * `offer_next_call` SQL function (migration 004); everything else goes through here.
 */

/** Where a transferred call went, as the leg of the agent who transferred it keeps it. */
export interface TransferTarget {
  kind: 'agent' | 'segment'
  id: string
  name: string
}

/** A ring at an agent outside the queue: a direct transfer or an invitation. */
export async function ringLeg(
  tx: Queryable,
  leg: {
    callId: string
    agentId: string
    accountId: string
    via: Extract<HistoryVia, 'transferred' | 'invited'>
    fromAgentId: string
    segmentId: string
  },
  now: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO call_legs (room_id, agent_id, account_id, room_kind, via, from_agent_id, segment_id, outcome, offered_at)
     VALUES ($1, $2, $3, 'call', $4, $5, $6, 'ringing', $7)
     ON CONFLICT (room_id, agent_id) DO UPDATE
       SET outcome = 'ringing', offered_at = $7, via = $4, from_agent_id = $5, segment_id = $6
       WHERE call_legs.answered_at IS NULL`,
    [leg.callId, leg.agentId, leg.accountId, leg.via, leg.fromAgentId, leg.segmentId, new Date(now)],
  )
}

/** The agent answered: in the room from now, the outcome `answered` until something else happens. */
export async function answerLeg(tx: Queryable, callId: string, agentId: string, now: number): Promise<void> {
  await tx.query(
    `UPDATE call_legs SET outcome = 'answered', answered_at = coalesce(answered_at, $3), joined_at = $3,
       ended_at = NULL
     WHERE room_id = $1 AND agent_id = $2`,
    [callId, agentId, new Date(now)],
  )
}

/**
 * A ring ended without an answer. A leg the agent already answered once keeps its outcome: what the
 * agent did in the call is what the history tells.
 */
export async function endRingLeg(
  tx: Queryable,
  callId: string,
  agentId: string,
  outcome: Extract<CallOutcome, 'dismissed' | 'missed' | 'customer-left'>,
  now: number,
): Promise<void> {
  await tx.query(
    `UPDATE call_legs SET outcome = $3, ended_at = $4
      WHERE room_id = $1 AND agent_id = $2 AND answered_at IS NULL AND outcome = 'ringing'`,
    [callId, agentId, outcome, new Date(now)],
  )
}

/** What the agent did with an answered call: transferred it away, or removed the customer. */
export async function markLeg(
  tx: Queryable,
  callId: string,
  agentId: string,
  outcome: Extract<CallOutcome, 'transferred' | 'kicked'>,
  transferTo: TransferTarget | null = null,
): Promise<void> {
  await tx.query(
    'UPDATE call_legs SET outcome = $3, transfer_to = $4 WHERE room_id = $1 AND agent_id = $2 AND answered_at IS NOT NULL',
    [callId, agentId, outcome, transferTo ? JSON.stringify(transferTo) : null],
  )
}

/**
 * Agents leave the room (one, or every one still in it): their time in it adds to their talk time.
 */
export async function leaveLegs(
  tx: Queryable,
  roomId: string,
  agentId: string | null,
  now: number,
): Promise<void> {
  await tx.query(
    `UPDATE call_legs SET talk_ms = talk_ms + greatest(0, (extract(epoch FROM ($3::timestamptz - joined_at)) * 1000)::bigint),
       joined_at = NULL, ended_at = $3
     WHERE room_id = $1 AND joined_at IS NOT NULL AND ($2::text IS NULL OR agent_id = $2)`,
    [roomId, agentId, new Date(now)],
  )
}

/** The agent opened a meeting (or came back to it): the meeting's leg, attended. */
export async function meetingLeg(
  tx: Queryable,
  appointmentId: string,
  agentId: string,
  accountId: string,
  now: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO call_legs (room_id, agent_id, account_id, room_kind, via, outcome, offered_at, answered_at, joined_at)
     VALUES ($1, $2, $3, 'meeting', 'meeting', 'attended', $4, $4, $4)
     ON CONFLICT (room_id, agent_id) DO UPDATE SET joined_at = coalesce(call_legs.joined_at, $4), ended_at = NULL`,
    [appointmentId, agentId, accountId, new Date(now)],
  )
}
