import { createReadStream, createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { ZipFile } from 'yazl'
import { BACKUP_KEEP_MS, PLAYABLE_RECORDING_STATUSES, type RecordingBackup } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { newId } from '../store/ids'
import { toRecording, type RecordingRow } from './recording-rows'

/** A row of `recording_backups`. */
export interface BackupRow {
  id: string
  account_id: string
  user_id: string
  range_from: string | Date
  range_to: string | Date
  time_zone: string
  status: RecordingBackup['status']
  progress: number
  count: number
  size: string | number | null
  error: string | null
  created_at: Date
  ready_at: Date | null
  expires_at: Date | null
}

const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

/** A backup as the API shows it; `downloadUrl` is given by the caller for a ready one. */
export function toBackup(row: BackupRow, downloadUrl: string | null): RecordingBackup {
  return {
    id: row.id,
    from: day(row.range_from),
    to: day(row.range_to),
    status: row.status,
    progress: row.progress,
    count: row.count,
    size: row.size === null ? null : Number(row.size),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    downloadUrl,
  }
}

/** A safe file name inside the zip: date, customer and id. */
function entryName(row: RecordingRow): string {
  const when = row.started_at.toISOString().slice(0, 16).replace(/[:T]/g, '-')
  const who = (row.customer_name ?? 'call').replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 40) || 'call'
  return `${when}_${who}_${row.id}.webm`
}

/** Backups an agent keeps: a new one replaces the oldest beyond this (their zips are full copies). */
export const BACKUPS_KEPT = 3
/** A backup still in the making after this long was left by a process that stopped: it no longer blocks. */
const STALE_BUILD_MS = 60 * 60_000

/**
 * Queues a backup of an agent's stored recordings started between two days (in `timeZone`) and
 * builds it in the background. Each zip is a full copy of the recordings, so an agent has one backup
 * in the making at a time (409 `backup-in-progress` otherwise) and keeps `BACKUPS_KEPT`: the oldest
 * beyond are removed, rows and zips. Check and insert happen under a lock of the agent's row, so 50
 * requests at once queue one backup.
 *
 * @example
 * const row = await requestBackup(context, user, { from: '2026-01-01', to: '2026-01-31', timeZone })
 */
export async function requestBackup(
  context: ServerContext,
  owner: { id: string; account_id: string },
  range: { from: string; to: string; timeZone: string },
): Promise<BackupRow> {
  const { row, replaced } = await context.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner.id])
    const making = await tx.query(
      `SELECT 1 FROM recording_backups
        WHERE user_id = $1 AND status IN ('queued', 'building') AND created_at > $2`,
      [owner.id, new Date(context.clock.now() - STALE_BUILD_MS)],
    )
    if (making.length > 0)
      throw new ServerError(409, 'A backup is already being made: wait until it is ready', {
        reason: 'backup-in-progress',
      })
    const replaced = await tx.query<{ id: string; account_id: string }>(
      `DELETE FROM recording_backups WHERE id IN (
         SELECT id FROM recording_backups WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2
       ) RETURNING id, account_id`,
      [owner.id, BACKUPS_KEPT - 1],
    )
    const inserted = await tx.query<BackupRow>(
      `INSERT INTO recording_backups (id, account_id, user_id, range_from, range_to, time_zone, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7) RETURNING *`,
      [
        newId(),
        owner.account_id,
        owner.id,
        range.from,
        range.to,
        range.timeZone,
        new Date(context.clock.now()),
      ],
    )
    return { row: inserted[0] as BackupRow, replaced }
  })
  for (const old of replaced) await rm(context.storage.backupFile(old.account_id, old.id), { force: true })
  context.background.run(() => buildBackup(context, row))
  return row
}

/**
 * Zips the recordings (streamed one by one from disk into the zip file, stored without compressing
 * media that is compressed already), with `recordings.json` listing them; progress is written as each
 * file is done. Ready backups are removed `BACKUP_KEEP_MS` after they are ready.
 */
export async function buildBackup(context: ServerContext, backup: BackupRow): Promise<void> {
  const file = context.storage.backupFile(backup.account_id, backup.id)
  try {
    const recordings = await context.db.query<RecordingRow>(
      `SELECT * FROM recordings WHERE user_id = $1 AND account_id = $2 AND type = 'cloud'
          AND status = ANY($3) AND (started_at AT TIME ZONE $4)::date BETWEEN $5::date AND $6::date
        ORDER BY started_at`,
      [
        backup.user_id,
        backup.account_id,
        PLAYABLE_RECORDING_STATUSES,
        backup.time_zone,
        day(backup.range_from),
        day(backup.range_to),
      ],
    )
    await context.db.query(
      "UPDATE recording_backups SET status = 'building', count = $2, progress = 0 WHERE id = $1",
      [backup.id, recordings.length],
    )
    await context.storage.ensureFolderOf(file)
    const zip = new ZipFile()
    const written = new Promise<void>((resolve, reject) => {
      const out = createWriteStream(file)
      out.on('close', resolve).on('error', reject)
      zip.outputStream.on('error', reject).pipe(out)
    })
    let done = 0
    for (const recording of recordings) {
      const source = context.storage.recordingFile(recording.account_id, recording.id)
      zip.addReadStreamLazy(
        entryName(recording),
        { compress: false, mtime: recording.started_at },
        (callback) => {
          const stream = createReadStream(source)
          stream.on('end', () => {
            done += 1
            void context.db
              .query('UPDATE recording_backups SET progress = $2 WHERE id = $1', [
                backup.id,
                done / (recordings.length + 1),
              ])
              .catch((error: unknown) => context.log('backup progress', error))
          })
          callback(null, stream)
        },
      )
    }
    const index = recordings.map((row) => ({ file: entryName(row), ...toRecording(row) }))
    zip.addBuffer(Buffer.from(JSON.stringify(index, null, 2)), 'recordings.json')
    zip.end()
    await written
    const now = context.clock.now()
    await context.db.query(
      `UPDATE recording_backups SET status = 'ready', progress = 1, size = $2, ready_at = $3, expires_at = $4
        WHERE id = $1`,
      [backup.id, (await stat(file)).size, new Date(now), new Date(now + BACKUP_KEEP_MS)],
    )
  } catch (error) {
    await rm(file, { force: true })
    const reason = error instanceof Error ? error.message : String(error)
    // A failed backup is listed for as long as a ready one would be, then removed the same way.
    await context.db.query(
      "UPDATE recording_backups SET status = 'failed', error = $2, expires_at = $3 WHERE id = $1",
      [backup.id, reason.slice(0, 500), new Date(context.clock.now() + BACKUP_KEEP_MS)],
    )
  }
}
