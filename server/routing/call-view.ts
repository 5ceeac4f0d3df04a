import type { Call, CustomerGoneReason, InboundCall, OfferKind, Segment, Tag } from '../../src/protocol'
import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import type { CallRow } from '../store/calls'
import { consoleSettings } from '../store/accounts'
import { agentPeerId, messagesOf, presentPeers } from '../store/participants'
import { storedExtraData } from '../store/extra-data'

const MEDIA_TOKEN_TTL_S = 6 * 60 * 60

async function segmentOf(db: Queryable, id: string | null): Promise<Segment | null> {
  if (!id) return null
  const rows = await db.query<Segment>('SELECT id, name FROM segments WHERE id = $1', [id])
  return rows[0] ?? null
}

/** The fields of a call that its ring shows: all `offer_next_call` returns of it (migration 043). */
export type RingingCallRow = Pick<
  CallRow,
  | 'id'
  | 'segment_id'
  | 'previous_segment_id'
  | 'queued_at'
  | 'priority'
  | 'customer_name'
  | 'ticket_id'
  | 'poc'
  | 'branch'
  | 'transfer'
>

/** What rings at an agent: `inbound` (queue, also after a transfer to a segment), `transferred` or `invited`. */
export async function inboundView(
  context: ServerContext,
  db: Queryable,
  call: RingingCallRow,
  offer: { kind: OfferKind; fromAgentName: string | null; expiresAt: Date },
  known?: { segment: Segment; previousSegment: Segment | null },
): Promise<InboundCall> {
  const [segment, previousSegment] = known
    ? [known.segment, known.previousSegment]
    : await Promise.all([segmentOf(db, call.segment_id), segmentOf(db, call.previous_segment_id)])
  if (!segment) throw new Error(`call ${call.id} has no segment`)
  const viaSegment = offer.kind === 'inbound' && call.transfer?.segmentId === call.segment_id
  const agent = offer.fromAgentName ?? (viaSegment ? (call.transfer?.fromAgentName ?? null) : null)
  const transferred = offer.kind === 'transferred' ? { segment: null } : viaSegment ? { segment } : null
  return {
    id: call.id,
    kind: offer.kind,
    segment,
    previousSegment,
    segmentPrevious: previousSegment,
    duration: Math.floor((context.clock.now() - call.queued_at.getTime()) / 60_000),
    queuedAt: call.queued_at.toISOString(),
    agent,
    transferred,
    invitation: offer.kind === 'invited',
    priority: call.priority,
    customerName: call.customer_name,
    ticketId: call.ticket_id,
    poc: call.poc,
    branch: call.branch,
    inboundData: { branch: call.branch, ticketId: call.ticket_id, poc: call.poc },
    ringExpiresAt: offer.expiresAt.toISOString(),
  }
}

/**
 * Why the customer is out of the call for good. A grace period that ran out leaves `customer_left` with
 * the time they went (`customerGraceOver`); a hang-up comes from a connected customer, so it has none.
 */
export function customerGone(call: CallRow): CustomerGoneReason | null {
  if (call.customer_kicked) return 'kicked'
  if (!call.customer_left) return null
  return call.customer_disconnected_at ? 'timeout' : 'hangup'
}

async function tagsOf(db: Queryable, call: CallRow): Promise<{ tags: Tag[]; mandatory: boolean }> {
  const tags = await db.query<Tag>(
    `SELECT id AS "_id", name, label FROM tags
      WHERE account_id = $1 AND (segment_id IS NULL OR segment_id = $2) ORDER BY label`,
    [call.account_id, call.segment_id],
  )
  const rows = await db.query<{ mandatory_tags: boolean }>(
    'SELECT mandatory_tags FROM segments WHERE id = $1',
    [call.segment_id],
  )
  return { tags, mandatory: rows[0]?.mandatory_tags ?? false }
}

/** The whole call for an agent in it (`join`, `rejoin`, the ack of `answer`). */
export async function callView(
  context: ServerContext,
  db: Queryable,
  call: CallRow,
  agent: { userId: string; role: 'agent' | 'guest'; kind: OfferKind; fromAgentName: string | null },
): Promise<Call> {
  const peerId = agentPeerId(agent.userId)
  const [inbound, { tags, mandatory }, settings, peers, messages] = await Promise.all([
    inboundView(context, db, call, {
      kind: agent.kind,
      fromAgentName: agent.fromAgentName,
      expiresAt: new Date(context.clock.now()),
    }),
    tagsOf(db, call),
    consoleSettings(db, call.account_id),
    presentPeers(db, call.id, peerId),
    messagesOf(db, call.id),
  ])
  const [signalingToken, recordingToken] = await Promise.all([
    context.tokens.sign('signal', peerId, { room: call.id }, MEDIA_TOKEN_TTL_S),
    context.tokens.sign('recording', agent.userId, { call: call.id }, MEDIA_TOKEN_TTL_S),
  ])
  return {
    ...inbound,
    answeredAt: (call.answered_at ?? new Date(context.clock.now())).toISOString(),
    role: agent.role,
    extraData: storedExtraData(call.extra_data),
    form: call.form,
    agentForm: call.agent_form,
    agentFormValues: call.agent_form_values,
    tags,
    selectedTags: call.selected_tags,
    mandatoryTags: mandatory,
    comments: call.comments,
    accessToken: signalingToken,
    signalingToken,
    recordingToken,
    recordingsSettings: settings.recorder,
    integrationData: call.integration_data,
    peerId,
    peers,
    messages,
    customerConnected: call.customer_connected && !call.customer_kicked && !call.customer_left,
    customerPermissions: call.customer_permissions,
    customerGone: customerGone(call),
  }
}
