import { stat } from 'node:fs/promises'
import type { ServerContext } from '../context'
import { makeWebmSeekable } from './seekable-webm'
import type { RecordingRow } from './recording-rows'

/**
 * Closes a cloud recording: it moves recording → processing (one process wins the row), its file is
 * made seekable (duration and cues written), then pending with its duration and size; failed (with the
 * reason) when nothing usable was stored. Safe to call twice or from two processes.
 *
 * @returns the status it ended in, or null when the recording was not open.
 */
export async function finaliseRecording(
  context: ServerContext,
  recordingId: string,
): Promise<'pending' | 'failed' | null> {
  const row = await claimForProcessing(context, recordingId)
  return row ? processRecording(context, row) : null
}

/** Moves an open cloud recording to `processing` (one caller wins); null when it was not open. */
export async function claimForProcessing(
  context: ServerContext,
  recordingId: string,
): Promise<RecordingRow | null> {
  const claimed = await context.db.query<RecordingRow>(
    `UPDATE recordings SET status = 'processing', ended_at = COALESCE(ended_at, $2)
      WHERE id = $1 AND status = 'recording' AND type = 'cloud' RETURNING *`,
    [recordingId, new Date(context.clock.now())],
  )
  return claimed[0] ?? null
}

/** The processing step alone (also for a row a crash left in `processing`). */
export async function processRecording(
  context: ServerContext,
  row: RecordingRow,
): Promise<'pending' | 'failed'> {
  const file = context.storage.recordingFile(row.account_id, row.id)
  try {
    const stored = await stat(file).catch(() => null)
    if (!stored || stored.size === 0) throw new Error('No media was received')
    const { duration, size } = await makeWebmSeekable(file)
    await context.db.query(
      "UPDATE recordings SET status = 'pending', duration = $2, size = $3, error = NULL WHERE id = $1",
      [row.id, duration, size],
    )
    return 'pending'
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    await context.db.query("UPDATE recordings SET status = 'failed', error = $2 WHERE id = $1", [
      row.id,
      reason.slice(0, 500),
    ])
    return 'failed'
  }
}
