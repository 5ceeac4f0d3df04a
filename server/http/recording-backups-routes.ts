import { createReadStream } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import {
  ERROR_MESSAGES,
  RecordingBackupRequestSchema,
  type Ok,
  type RecordingBackup,
  type RecordingBackupsResponse,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import type { UserRow } from '../store/users'
import { requestBackup, toBackup, type BackupRow } from '../recordings/backups'
import { removeExpiredBackups } from '../recordings/housekeeping'
import { linkHolder, linkSession } from './link-session'
import type { ApiTools } from './api-plugin'

const DOWNLOAD_TOKEN_TTL_S = 60 * 60

/**
 * Recordings backups (`/profile/recordings/backups`): an agent asks for a zip of their recordings over
 * a date range, sees it build, downloads it for 7 days (then it is removed), or deletes it.
 */
export function recordingBackupsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  const assertAccess = (user: UserRow) => {
    if (!user.recordings_access) throw new ServerError(403, ERROR_MESSAGES.noRecordings)
  }
  // The link names the login that asked for it (`familyId`): it ends with that login (`linkHolder`).
  const shown = async (user: UserRow, row: BackupRow, familyId: string): Promise<RecordingBackup> => {
    const token =
      row.status === 'ready'
        ? await context.tokens.sign(
            'backup',
            user.id,
            { backup: row.id, org: user.account_id, ...linkSession(familyId) },
            DOWNLOAD_TOKEN_TTL_S,
          )
        : null
    return toBackup(
      row,
      token ? `/recording-backups/${row.id}/download?token=${encodeURIComponent(token)}` : null,
    )
  }
  const live = 'expires_at IS NULL OR expires_at > $2'

  app.get(
    '/recording-backups',
    authed(async (_request, { user, familyId }): Promise<RecordingBackupsResponse> => {
      assertAccess(user)
      const rows = await context.db.query<BackupRow>(
        `SELECT * FROM recording_backups WHERE user_id = $1 AND (${live}) ORDER BY created_at DESC LIMIT 50`,
        [user.id, new Date(context.clock.now())],
      )
      return { data: await Promise.all(rows.map((row) => shown(user, row, familyId))) }
    }),
  )

  app.post(
    '/recording-backups',
    authed(async (request, { user, familyId }, reply) => {
      assertAccess(user)
      const body = parseInput(RecordingBackupRequestSchema, request.body)
      const row = await requestBackup(context, user, {
        from: body.from,
        to: body.to,
        timeZone: body.timezone ?? user.timezone,
      })
      return reply.code(201).send(await shown(user, row, familyId))
    }),
  )

  app.delete(
    '/recording-backups/:id',
    authed<{ Params: { id: string } }>(async (request, { user }): Promise<Ok> => {
      assertAccess(user)
      const rows = await context.db.query<BackupRow>(
        'SELECT * FROM recording_backups WHERE id = $1 AND user_id = $2',
        [request.params.id, user.id],
      )
      const row = rows[0]
      if (!row) throw new ServerError(404, 'Backup not found')
      if (row.status === 'queued' || row.status === 'building')
        throw new ServerError(409, 'This backup is still being built')
      await context.db.query('UPDATE recording_backups SET expires_at = $2 WHERE id = $1', [
        row.id,
        new Date(context.clock.now()),
      ])
      await removeExpiredBackups(context)
      return { ok: true }
    }),
  )

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/recording-backups/:id/download',
    async (request, reply) => {
      const claims = request.query.token ? await context.tokens.verify(request.query.token, 'backup') : null
      if (!claims || claims.backup !== request.params.id || typeof claims.aud !== 'string')
        throw new ServerError(401, 'Invalid or expired download link')
      await linkHolder(context, request, claims)
      const rows = await context.db.query<BackupRow>(
        `SELECT * FROM recording_backups WHERE id = $1 AND user_id = $3 AND status = 'ready' AND (${live})`,
        [request.params.id, new Date(context.clock.now()), claims.aud],
      )
      const row = rows[0]
      if (!row) throw new ServerError(404, 'Backup not found')
      const from = toBackup(row, null)
      return reply
        .type('application/zip')
        .header('content-length', String(row.size))
        .header('content-disposition', `attachment; filename="recordings-${from.from}-${from.to}.zip"`)
        .send(createReadStream(context.storage.backupFile(row.account_id, row.id)))
    },
  )
}
