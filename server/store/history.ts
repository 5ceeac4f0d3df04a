import { storedExtraData } from './extra-data'
import type {
  CallQuality,
  CallHistoryDetail,
  CallHistoryItem,
  CallOutcome,
  CallStep,
  FilledField,
  FormDefinition,
  FormValues,
  HistoryVia,
  Tag,
} from '../../src/protocol'
import type { Queryable } from './database'
import { messagesOf } from './participants'

/**
 * The agent's history, read from their legs (`call_legs`) joined with the calls and appointments:
 * the list of `GET /calls` and the detail of `GET /calls/{id}`.
 */

/** The SQL pieces of a list query over the `h` rows (columns as `h.started_at`, `h.outcome`...). */
export interface HistoryQuerySql {
  where: string
  params: unknown[]
  orderBy: string
  limit: number
  skip: number
}

/** Newest first, then a stable order. */
export const HISTORY_DEFAULT_SORT = 'h.started_at DESC, h.id ASC'

interface HistoryRow {
  id: string
  kind: 'call' | 'meeting'
  via: HistoryVia
  started_at: Date
  answered_at: Date | null
  ended_at: Date | null
  outcome: CallOutcome
  segment_id: string | null
  segment_name: string | null
  customer_name: string
  duration_ms: number
  selected_tags: string[]
  total: number
}

// $1 the agent, $2 now (a leg still in the room counts its time so far).
const HISTORY_ROWS = `
  SELECT l.room_id AS id, l.room_kind AS kind, l.via, l.offered_at AS started_at, l.answered_at, l.ended_at,
         l.outcome, l.segment_id, g.name AS segment_name,
         coalesce(c.customer_name, a.title, '') AS customer_name,
         (l.talk_ms + CASE WHEN l.joined_at IS NULL THEN 0
            ELSE greatest(0, extract(epoch FROM ($2::timestamptz - l.joined_at)) * 1000) END)::float8 AS duration_ms,
         coalesce(c.selected_tags, '{}') AS selected_tags
    FROM call_legs l
    LEFT JOIN calls c ON l.room_kind = 'call' AND c.id = l.room_id
    LEFT JOIN appointments a ON l.room_kind = 'meeting' AND a.id = l.room_id
    LEFT JOIN segments g ON g.id = l.segment_id
   WHERE l.agent_id = $1 AND l.outcome <> 'ringing'`

/** One page of an agent's history and the total matching the filters. */
export async function historyPage(
  db: Queryable,
  agentId: string,
  now: number,
  sql: HistoryQuerySql,
): Promise<{ items: CallHistoryItem[]; total: number }> {
  const rows = await db.query<HistoryRow>(
    `SELECT h.*, count(*) OVER ()::int AS total FROM (${HISTORY_ROWS}) h
      WHERE TRUE${sql.where} ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.skip}`,
    [agentId, new Date(now), ...sql.params],
  )
  let total = rows[0]?.total
  if (total === undefined) {
    const counted = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (${HISTORY_ROWS}) h WHERE TRUE${sql.where}`,
      [agentId, new Date(now), ...sql.params],
    )
    total = counted[0]?.total ?? 0
  }
  const tags = await tagsById(
    db,
    rows.flatMap((row) => row.selected_tags),
  )
  return { items: rows.map((row) => toItem(row, tags)), total }
}

async function tagsById(db: Queryable, ids: string[]): Promise<Map<string, Tag>> {
  if (ids.length === 0) return new Map()
  const rows = await db.query<{ id: string; name: string; label: string }>(
    'SELECT id, name, label FROM tags WHERE id = ANY($1)',
    [[...new Set(ids)]],
  )
  return new Map(rows.map((row) => [row.id, { _id: row.id, name: row.name, label: row.label }]))
}

function toItem(row: HistoryRow, tags: Map<string, Tag>): CallHistoryItem {
  return {
    id: row.id,
    kind: row.kind,
    via: row.via,
    startedAt: row.started_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    customerName: row.customer_name,
    segment: row.segment_id ? { id: row.segment_id, name: row.segment_name ?? '' } : null,
    durationMs: Math.round(Number(row.duration_ms)),
    outcome: row.outcome,
    tags: row.selected_tags.flatMap((id) => tags.get(id) ?? []),
  }
}

interface CallFacts {
  queued_at: Date
  ticket_id: string | null
  extra_data: Record<string, string | null>
  form: FilledField[]
  agent_form: FormDefinition | null
  agent_form_values: FormValues
  comments: string
}

/** The detail of one call or meeting of the agent; undefined when the agent had no part in it. */
export async function historyDetail(
  db: Queryable,
  agentId: string,
  roomId: string,
  now: number,
): Promise<CallHistoryDetail | undefined> {
  const rows = await db.query<HistoryRow & { quality: CallQuality | null }>(
    `SELECT h.*, 1 AS total, (SELECT quality FROM call_legs WHERE room_id = $3 AND agent_id = $1) AS quality
       FROM (${HISTORY_ROWS} AND l.room_id = $3) h`,
    [agentId, new Date(now), roomId],
  )
  const row = rows[0]
  if (!row) return undefined
  const item = toItem(row, await tagsById(db, row.selected_tags))
  const participated = row.answered_at !== null
  const call =
    row.kind === 'call'
      ? (
          await db.query<CallFacts>(
            `SELECT queued_at, ticket_id, extra_data, form, agent_form, agent_form_values, comments
               FROM calls WHERE id = $1`,
            [roomId],
          )
        )[0]
      : undefined
  const shared = participated ? await sharedContent(db, roomId) : null
  return {
    ...item,
    participated,
    queuedAt: call?.queued_at.toISOString() ?? null,
    ticketId: call?.ticket_id ?? null,
    extraData: participated && call ? storedExtraData(call.extra_data) : null,
    form: participated ? (call?.form ?? []) : [],
    agentForm: participated ? (call?.agent_form ?? null) : null,
    agentFormValues: participated ? (call?.agent_form_values ?? {}) : {},
    comments: participated ? (call?.comments ?? '') : '',
    messages: shared?.messages ?? [],
    files: shared?.files ?? [],
    recordings: shared?.recordings ?? [],
    steps: row.kind === 'call' ? await callSteps(db, roomId) : [],
    quality: row.quality ?? null,
  }
}

/** The chat, saved files and recordings of a room (what its participants may see again). */
async function sharedContent(db: Queryable, roomId: string) {
  const [messages, files, recordings] = await Promise.all([
    messagesOf(db, roomId),
    db.query<{ id: string; name: string; type: string; size: number; created_at: Date }>(
      `SELECT id, name, type, size, created_at FROM files WHERE call_id = $1 OR appointment_id = $1
        ORDER BY created_at`,
      [roomId],
    ),
    db.query<{
      id: string
      name: string
      status: CallHistoryDetail['recordings'][number]['status']
      started_at: Date
      duration: number | null
    }>(
      `SELECT id, name, status, started_at, duration FROM recordings WHERE call_id = $1 OR appointment_id = $1
        ORDER BY started_at`,
      [roomId],
    ),
  ])
  return {
    messages,
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      type: file.type,
      size: file.size,
      createdAt: file.created_at.toISOString(),
    })),
    recordings: recordings.map((recording) => ({
      id: recording.id,
      name: recording.name,
      status: recording.status,
      startedAt: recording.started_at.toISOString(),
      duration: recording.duration,
    })),
  }
}

/** Every agent's part in the call, in order: who it rang at, how it reached them, what came of it. */
async function callSteps(db: Queryable, callId: string): Promise<CallStep[]> {
  const rows = await db.query<{
    agent: string
    via: HistoryVia
    from_name: string | null
    segment_id: string | null
    segment_name: string | null
    offered_at: Date
    answered_at: Date | null
    outcome: CallOutcome | 'ringing'
    transfer_to: { kind: 'agent' | 'segment'; name: string } | null
  }>(
    `SELECT u.firstname || ' ' || u.lastname AS agent, l.via, f.firstname || ' ' || f.lastname AS from_name,
            l.segment_id, g.name AS segment_name, l.offered_at, l.answered_at, l.outcome, l.transfer_to
       FROM call_legs l JOIN users u ON u.id = l.agent_id LEFT JOIN users f ON f.id = l.from_agent_id
       LEFT JOIN segments g ON g.id = l.segment_id
      WHERE l.room_id = $1 ORDER BY l.offered_at, l.agent_id`,
    [callId],
  )
  return rows.map((row) => ({
    agent: row.agent,
    via: row.via,
    from: row.from_name,
    segment: row.segment_id ? { id: row.segment_id, name: row.segment_name ?? '' } : null,
    at: row.offered_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
    outcome: row.outcome === 'ringing' ? null : row.outcome,
    transferredTo: row.transfer_to ? { kind: row.transfer_to.kind, name: row.transfer_to.name } : null,
  }))
}
