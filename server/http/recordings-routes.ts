import type { FastifyInstance } from 'fastify'
import {
  ERROR_MESSAGES,
  RecordingCreateSchema,
  RecordingPatchSchema,
  type Ok,
  type Paged,
  type Recording,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { newId } from '../store/ids'
import type { UserRow } from '../store/users'
import { decodeQueryString } from '../../src/protocol/query-string'
import { listQueryToSql, toPage, type ListField } from './list-query-sql'
import type { ApiTools } from './api-plugin'

interface RecordingRow {
  id: string
  call_id: string | null
  appointment_id: string | null
  user_id: string
  name: string
  type: Recording['type']
  status: Recording['status']
  started_at: Date
  ended_at: Date | null
  duration: number | null
  size: number | null
  file_id: string | null
  created_at: Date
  total?: number
}

const FIELDS: Record<string, ListField> = {
  id: { sql: 'r.id', type: 'text' },
  name: { sql: 'r.name', type: 'text' },
  status: { sql: 'r.status', type: 'text' },
  type: { sql: 'r.type', type: 'text' },
  callId: { sql: 'r.call_id', type: 'text' },
  appointmentId: { sql: 'r.appointment_id', type: 'text' },
  createdAt: { sql: 'r.created_at', type: 'instant' },
  startedAt: { sql: 'r.started_at', type: 'instant' },
  duration: { sql: 'r.duration', type: 'number' },
}

function toRecording(row: RecordingRow): Recording {
  return {
    _id: row.id,
    id: row.id,
    callId: row.call_id,
    appointmentId: row.appointment_id,
    userId: row.user_id,
    name: row.name,
    type: row.type,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    duration: row.duration,
    size: row.size,
    fileId: row.file_id,
    createdAt: row.created_at.toISOString(),
  }
}

function assertAccess(user: UserRow): void {
  if (!user.recordings_access) throw new ServerError(403, ERROR_MESSAGES.noRecordings)
}

/** Recordings CRUD of the caller (403 without recordings access, 404 for someone else's). */
export function recordingsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  const own = async (user: UserRow, id: string) => {
    const rows = await context.db.query<RecordingRow>(
      'SELECT * FROM recordings WHERE id = $1 AND user_id = $2',
      [id, user.id],
    )
    const row = rows[0]
    if (!row) throw new ServerError(404, ERROR_MESSAGES.recordingNotFound)
    return row
  }

  app.get(
    '/recordings',
    authed(async (request, { user }): Promise<Paged<Recording>> => {
      assertAccess(user)
      const index = request.url.indexOf('?')
      const sql = listQueryToSql(decodeQueryString(index < 0 ? '' : request.url.slice(index + 1)), FIELDS, {
        firstParam: 2,
        defaultLimit: 10,
        defaultSort: 'r.created_at DESC, r.id',
      })
      const rows = await context.db.query<RecordingRow>(
        `SELECT r.*, count(*) OVER ()::int AS total FROM recordings r WHERE r.user_id = $1${sql.where}
          ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.skip}`,
        [user.id, ...sql.params],
      )
      let total = rows[0]?.total
      if (total === undefined) {
        const counted = await context.db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM recordings r WHERE r.user_id = $1${sql.where}`,
          [user.id, ...sql.params],
        )
        total = counted[0]?.total ?? 0
      }
      return toPage(rows.map(toRecording), total, sql)
    }),
  )

  app.get(
    '/recordings/:id',
    authed<{ Params: { id: string } }>(async (request, { user }) => {
      assertAccess(user)
      return toRecording(await own(user, request.params.id))
    }),
  )

  app.post(
    '/recordings',
    authed(async (request, { user }, reply) => {
      assertAccess(user)
      const body = parseInput(RecordingCreateSchema, request.body)
      const roomId = body.callId ?? body.appointmentId
      if (!roomId || (body.callId && body.appointmentId))
        throw new ServerError(400, 'Give callId or appointmentId')
      const member = await context.db.query(
        `SELECT 1 FROM participants WHERE room_id = $1 AND user_id = $2
         UNION ALL SELECT 1 FROM appointments WHERE id = $1 AND user_id = $2`,
        [roomId, user.id],
      )
      if (member.length === 0) throw new ServerError(403, 'You were not in that call or meeting')
      const id = newId()
      const now = new Date(context.clock.now())
      const rows = await context.db.query<RecordingRow>(
        `INSERT INTO recordings (id, account_id, user_id, call_id, appointment_id, name, type, status, started_at,
           duration, size, file_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $9) RETURNING *`,
        [
          id,
          user.account_id,
          user.id,
          body.callId ?? null,
          body.appointmentId ?? null,
          body.name ?? `Recording ${now.toISOString().slice(0, 16).replace('T', ' ')}`,
          body.type,
          body.status ?? 'pending',
          now,
          body.duration ?? null,
          body.size ?? null,
          body.fileId ?? null,
        ],
      )
      return reply.code(201).send(toRecording(rows[0] as RecordingRow))
    }),
  )

  app.patch(
    '/recordings/:id',
    authed<{ Params: { id: string } }>(async (request, { user }) => {
      assertAccess(user)
      const body = parseInput(RecordingPatchSchema, request.body)
      const current = await own(user, request.params.id)
      const rows = await context.db.query<RecordingRow>(
        `UPDATE recordings SET name = $2, status = $3, file_id = $4, duration = $5, size = $6, ended_at = $7
          WHERE id = $1 RETURNING *`,
        [
          current.id,
          body.name ?? current.name,
          body.status ?? current.status,
          body.fileId === undefined ? current.file_id : body.fileId,
          body.duration ?? current.duration,
          body.size ?? current.size,
          body.endedAt ? new Date(body.endedAt) : current.ended_at,
        ],
      )
      return toRecording(rows[0] as RecordingRow)
    }),
  )

  app.delete(
    '/recordings/:id',
    authed<{ Params: { id: string } }>(async (request, { user }): Promise<Ok> => {
      assertAccess(user)
      const current = await own(user, request.params.id)
      await context.db.query('DELETE FROM recordings WHERE id = $1', [current.id])
      return { ok: true }
    }),
  )
}
