import type { Recording } from '../../src/protocol'
import type { Queryable } from '../store/database'

/** A row of `recordings`. */
export interface RecordingRow {
  id: string
  account_id: string
  call_id: string | null
  appointment_id: string | null
  user_id: string
  name: string
  type: Recording['type']
  status: Recording['status']
  customer_name: string | null
  segment_id: string | null
  segment_name: string | null
  mime: string | null
  started_at: Date
  ended_at: Date | null
  duration: number | null
  size: string | number | null
  next_seq: number
  bytes_received: string | number
  active_at: Date | null
  error: string | null
  file_id: string | null
  created_at: Date
  total?: number
}

/** A recording as the API shows it (`mediaUrl` is added by `GET /recordings/{id}` alone). */
export function toRecording(row: RecordingRow): Recording {
  return {
    _id: row.id,
    id: row.id,
    callId: row.call_id,
    appointmentId: row.appointment_id,
    userId: row.user_id,
    name: row.name,
    type: row.type,
    status: row.status,
    customer: row.customer_name,
    segment: row.segment_id ? { id: row.segment_id, name: row.segment_name ?? '' } : null,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    duration: row.duration,
    size: row.size === null ? null : Number(row.size),
    mime: row.mime,
    fileId: row.file_id,
    createdAt: row.created_at.toISOString(),
  }
}

/** A recording by id, whoever owns it (callers check ownership). */
export async function recordingById(db: Queryable, id: string): Promise<RecordingRow | undefined> {
  const rows = await db.query<RecordingRow>('SELECT * FROM recordings WHERE id = $1', [id])
  return rows[0]
}
