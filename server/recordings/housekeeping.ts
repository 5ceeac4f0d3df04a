import { rm } from 'node:fs/promises'
import type { ServerContext } from '../context'
import { finaliseRecording } from './finalise'
import { recorderRoom } from './recorder-socket'

/**
 * Closes cloud recordings whose upload went silent for longer than the grace with no socket left
 * (the agent's tab closed mid-recording): they are finalised with what was stored. Removes backups
 * whose 7 days are over (their zip and their row). Idempotent; several processes may run it.
 */
export async function recordingsHousekeeping(context: ServerContext): Promise<void> {
  const now = context.clock.now()
  const silent = await context.db.query<{ id: string }>(
    `SELECT id FROM recordings WHERE status = 'recording' AND type = 'cloud'
        AND COALESCE(active_at, started_at) < $1`,
    [new Date(now - context.timers.recorderGraceMs)],
  )
  for (const { id } of silent) {
    const uploading = await context.recorder.in(recorderRoom(id)).fetchSockets()
    if (uploading.length === 0) await finaliseRecording(context, id)
  }
  await removeExpiredBackups(context)
}

/** Deletes the backups whose time is up (zip first, then row). */
export async function removeExpiredBackups(context: ServerContext): Promise<number> {
  const expired = await context.db.query<{ id: string; account_id: string }>(
    'SELECT id, account_id FROM recording_backups WHERE expires_at IS NOT NULL AND expires_at <= $1',
    [new Date(context.clock.now())],
  )
  for (const backup of expired) {
    await rm(context.storage.backupFile(backup.account_id, backup.id), { force: true })
    await context.db.query('DELETE FROM recording_backups WHERE id = $1', [backup.id])
  }
  return expired.length
}

/** Runs the housekeeping every `timers.recordingsHousekeepingMs` on the server's clock; returns the stop. */
export function startRecordingsHousekeeping(context: ServerContext): () => void {
  return context.background.repeat(context.timers.recordingsHousekeepingMs, () =>
    recordingsHousekeeping(context),
  )
}
