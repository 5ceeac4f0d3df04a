import type { SavedFile } from '../../src/protocol'
import type { Queryable } from './database'

/** A saved file's row. */
export interface FileRow {
  id: string
  account_id: string
  user_id: string
  call_id: string | null
  appointment_id: string | null
  name: string
  type: string
  size: number
  crc32: string | number
  path: string | null
  data: Uint8Array | null
  created_at: Date
}

/**
 * The account of a call or appointment, when `userId` takes or took part in it: an agent of the call
 * (owner or invited), or the agent of the appointment. Null for anybody else, whatever their account.
 */
export async function roomOfParticipant(
  db: Queryable,
  roomId: string,
  userId: string,
): Promise<{ accountId: string; kind: 'call' | 'meeting' } | null> {
  const rows = await db.query<{ account_id: string; kind: 'call' | 'meeting' }>(
    `SELECT c.account_id, 'call' AS kind FROM calls c
      WHERE c.id = $1 AND (c.agent_id = $2
        OR EXISTS (SELECT 1 FROM participants p WHERE p.room_id = c.id AND p.user_id = $2))
     UNION ALL
     SELECT a.account_id, 'meeting' AS kind FROM appointments a
      WHERE a.id = $1 AND (a.user_id = $2
        OR EXISTS (SELECT 1 FROM participants p WHERE p.room_id = a.id AND p.user_id = $2))
     LIMIT 1`,
    [roomId, userId],
  )
  const row = rows[0]
  return row ? { accountId: row.account_id, kind: row.kind } : null
}

/** Stores a file's row (its bytes are on disk at `path`). */
export async function insertFile(db: Queryable, row: Omit<FileRow, 'data'>): Promise<void> {
  await db.query(
    `INSERT INTO files (id, account_id, user_id, call_id, appointment_id, name, type, size, crc32, path, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      row.account_id,
      row.user_id,
      row.call_id,
      row.appointment_id,
      row.name,
      row.type,
      row.size,
      row.crc32,
      row.path,
      row.created_at,
    ],
  )
}

/** A file by id. */
export async function fileById(db: Queryable, id: string): Promise<FileRow | null> {
  const rows = await db.query<FileRow>('SELECT * FROM files WHERE id = $1', [id])
  return rows[0] ?? null
}

/** The files saved against a call or an appointment, oldest first. */
export async function filesOfRoom(db: Queryable, roomId: string): Promise<FileRow[]> {
  return db.query<FileRow>(
    `SELECT id, account_id, user_id, call_id, appointment_id, name, type, size, crc32, path, NULL AS data, created_at
       FROM files WHERE call_id = $1 OR appointment_id = $1 ORDER BY created_at, id`,
    [roomId],
  )
}

/** A file as the API shows it. */
export function savedFile(row: FileRow): SavedFile {
  return {
    id: row.id,
    size: Number(row.size),
    crc32: Number(row.crc32),
    type: row.type,
    name: row.name,
    url: `/api/files/${row.id}`,
    call: row.call_id,
    appointment: row.appointment_id,
    userId: row.user_id,
    createdAt: new Date(row.created_at).toISOString(),
  }
}
