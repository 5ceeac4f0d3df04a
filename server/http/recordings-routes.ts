import { rm } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import send from '@fastify/send'
import type { FastifyInstance } from 'fastify'
import {
  ERROR_MESSAGES,
  PLAYABLE_RECORDING_STATUSES,
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
import { toRecording, type RecordingRow } from '../recordings/recording-rows'
import { listQueryToSql, toPage, type ListField } from './list-query-sql'
import { linkHolder, linkSession } from './link-session'
import type { ApiTools } from './api-plugin'

/** How long a media URL handed out by `GET /recordings/{id}` works. */
const MEDIA_TOKEN_TTL_S = 6 * 60 * 60

const FIELDS: Record<string, ListField> = {
  id: { sql: 'r.id', type: 'text' },
  name: { sql: 'r.name', type: 'text' },
  status: { sql: 'r.status', type: 'text' },
  type: { sql: 'r.type', type: 'text' },
  callId: { sql: 'r.call_id', type: 'text' },
  appointmentId: { sql: 'r.appointment_id', type: 'text' },
  customer: { sql: 'r.customer_name', type: 'text' },
  segment: { sql: 'r.segment_name', type: 'text' },
  createdAt: { sql: 'r.created_at', type: 'instant' },
  startedAt: { sql: 'r.started_at', type: 'instant' },
  duration: { sql: 'r.duration', type: 'number' },
  size: { sql: 'r.size', type: 'number' },
}

/** Supervisors (and administrators) review the recordings of their whole account. */
const isReviewer = (user: UserRow) => user.level < 5

function assertAccess(user: UserRow): void {
  if (!user.recordings_access) throw new ServerError(403, ERROR_MESSAGES.noRecordings)
}

/**
 * Recordings (SPEC §7): an agent lists, reads, renames and deletes their own; a supervisor of the same
 * account reads them all and sets `approved` or `rejected` on a stored one. Everything else is 404,
 * as if it did not exist; 403 without recordings access. `GET /recordings/{id}` adds a `mediaUrl`
 * (a token in the query) that streams the media with HTTP Range requests.
 */
export function recordingsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  // Whose recordings the caller sees: their own, or their account's for a reviewer.
  const scope = (user: UserRow) =>
    isReviewer(user)
      ? { sql: 'r.account_id = $1', param: user.account_id }
      : { sql: 'r.user_id = $1', param: user.id }

  const visible = async (user: UserRow, id: string) => {
    const { sql, param } = scope(user)
    const rows = await context.db.query<RecordingRow>(
      `SELECT r.* FROM recordings r WHERE ${sql} AND r.id = $2`,
      [param, id],
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
      const owner = scope(user)
      const rows = await context.db.query<RecordingRow>(
        `SELECT r.*, count(*) OVER ()::int AS total FROM recordings r WHERE ${owner.sql}${sql.where}
          ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.skip}`,
        [owner.param, ...sql.params],
      )
      let total = rows[0]?.total
      if (total === undefined) {
        const counted = await context.db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM recordings r WHERE ${owner.sql}${sql.where}`,
          [owner.param, ...sql.params],
        )
        total = counted[0]?.total ?? 0
      }
      return toPage(rows.map(toRecording), total, sql)
    }),
  )

  app.get(
    '/recordings/:id',
    authed<{ Params: { id: string } }>(async (request, { user, familyId }): Promise<Recording> => {
      assertAccess(user)
      const row = await visible(user, request.params.id)
      const stored = row.type === 'cloud' && PLAYABLE_RECORDING_STATUSES.includes(row.status)
      // The link names the login that asked for it: it ends with that login (`linkHolder`).
      const token = stored
        ? await context.tokens.sign(
            'media',
            user.id,
            { rec: row.id, org: user.account_id, ...linkSession(familyId) },
            MEDIA_TOKEN_TTL_S,
          )
        : null
      return {
        ...toRecording(row),
        mediaUrl: token ? `/recordings/${row.id}/media?token=${encodeURIComponent(token)}` : null,
      }
    }),
  )

  app.get<{ Params: { id: string }; Querystring: { token?: string; download?: string } }>(
    '/recordings/:id/media',
    async (request, reply) => {
      const claims = request.query.token ? await context.tokens.verify(request.query.token, 'media') : null
      if (!claims || claims.rec !== request.params.id || typeof claims.org !== 'string')
        throw new ServerError(401, 'Invalid or expired media link')
      await linkHolder(context, request, claims)
      const rows = await context.db.query<RecordingRow>(
        'SELECT * FROM recordings WHERE id = $1 AND account_id = $2',
        [request.params.id, claims.org],
      )
      const row = rows[0]
      if (!row || row.type !== 'cloud' || !PLAYABLE_RECORDING_STATUSES.includes(row.status))
        throw new ServerError(404, ERROR_MESSAGES.recordingNotFound)
      const file = context.storage.recordingFile(row.account_id, row.id)
      const sent = await send(request.raw, basename(file), {
        root: dirname(file),
        acceptRanges: true,
        cacheControl: false,
        etag: true,
        lastModified: true,
        dotfiles: 'deny',
      })
      if (sent.type === 'error')
        throw new ServerError(
          sent.statusCode === 404 ? 404 : sent.statusCode,
          ERROR_MESSAGES.recordingNotFound,
        )
      reply.code(sent.statusCode).headers(sent.headers as Record<string, string>)
      reply.header('content-type', (row.mime ?? 'video/webm').split(';')[0] ?? 'video/webm')
      reply.header('cache-control', 'private, max-age=3600')
      if (request.query.download === '1')
        reply.header('content-disposition', `attachment; filename="recording-${row.id}.webm"`)
      return reply.send(sent.stream)
    },
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
          // Only the recorder makes a recording `recording` or `processing`: a registered one is stored.
          body.status === 'failed' ? 'failed' : 'pending',
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
      const current = await visible(user, request.params.id)
      const own = current.user_id === user.id
      if (body.status !== undefined) {
        if (!isReviewer(user)) throw new ServerError(403, 'Only a supervisor reviews recordings')
        if (!['pending', 'approved', 'rejected'].includes(current.status))
          throw new ServerError(409, `A ${current.status} recording cannot be reviewed`)
      }
      const edits = [body.name, body.fileId, body.duration, body.size, body.endedAt].some(
        (x) => x !== undefined,
      )
      if (edits && !own) throw new ServerError(403, 'Only the agent who recorded it edits a recording')
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
      const rows = await context.db.query<RecordingRow>(
        'SELECT * FROM recordings WHERE id = $1 AND user_id = $2',
        [request.params.id, user.id],
      )
      const current = rows[0]
      if (!current) throw new ServerError(404, ERROR_MESSAGES.recordingNotFound)
      if (current.status === 'recording' || current.status === 'processing')
        throw new ServerError(409, 'This recording is still being recorded or processed')
      await context.db.query('DELETE FROM recordings WHERE id = $1', [current.id])
      await rm(context.storage.recordingFile(current.account_id, current.id), { force: true })
      return { ok: true }
    }),
  )
}
