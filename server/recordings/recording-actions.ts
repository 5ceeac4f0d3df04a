import type { RecordingAction, RecordingActionResult } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { newId } from '../store/ids'
import { consoleSettings } from '../store/accounts'
import { agentRoom } from '../routing/current-room'
import type { RecordingRow } from './recording-rows'
import { finaliseRecording } from './finalise'
import { accountRecordingsFull, readStorageQuotas } from '../quotas/storage-quotas'
import { accountRecordingBytes } from '../store/storage-quotas'

/** The call's customer and segment, for the recording row. */
async function callParties(context: ServerContext, callId: string) {
  const rows = await context.db.query<{ customer_name: string; segment_id: string; segment_name: string }>(
    `SELECT c.customer_name, c.segment_id, s.name AS segment_name
       FROM calls c JOIN segments s ON s.id = c.segment_id WHERE c.id = $1`,
    [callId],
  )
  return rows[0] ?? null
}

/**
 * `recording` from an agent in a call or meeting. `start` creates the recording (status recording)
 * with the call's customer and segment (a cloud one is refused, 413 `account-recordings-quota`, when
 * the account's recordings fill their quota); `pause` and `resume` only answer (the media says what
 * was recorded); `stop` of a local recording stores what the downloaded file holds and makes it
 * pending; `stop` of a cloud one notes its end, and its upload's `finish` (or the housekeeping after a
 * silent upload) moves it on.
 */
export async function recordingAction(
  context: ServerContext,
  userId: string,
  action: RecordingAction,
): Promise<RecordingActionResult> {
  const room = await agentRoom(context, context.db, userId)
  const accountId = room.kind === 'call' ? room.call.account_id : room.accountId
  const settings = await consoleSettings(context.db, accountId)
  if (!settings.recorder.enabled) throw new ServerError(403, 'Recordings are not enabled')
  const now = new Date(context.clock.now())
  const open = (
    await context.db.query<RecordingRow>(
      `SELECT * FROM recordings WHERE user_id = $1 AND (call_id = $2 OR appointment_id = $2)
         AND status = 'recording' AND ended_at IS NULL ORDER BY started_at DESC LIMIT 1`,
      [userId, room.id],
    )
  )[0]
  if (action.action === 'start') {
    const type = action.type ?? settings.recorder.type
    // A cloud recording of a full account could store nothing: the agent is told before it starts.
    if (type === 'cloud') {
      const quota = readStorageQuotas(process.env).accountRecordingsBytes
      if ((await accountRecordingBytes(context.db, accountId)) >= quota) throw accountRecordingsFull(quota)
    }
    // The console starts only when it records nothing: one still open was left by an earlier page.
    if (open) await closeLeftover(context, open)
    const id = newId()
    const parties = room.kind === 'call' ? await callParties(context, room.id) : null
    await context.db.query(
      `INSERT INTO recordings (id, account_id, user_id, call_id, appointment_id, name, type, status, started_at,
         created_at, customer_name, segment_id, segment_name, active_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'recording', $8, $8, $9, $10, $11, $8)`,
      [
        id,
        accountId,
        userId,
        room.kind === 'call' ? room.id : null,
        room.kind === 'meeting' ? room.id : null,
        `Recording ${now.toISOString().slice(0, 16).replace('T', ' ')}`,
        type,
        now,
        parties?.customer_name ?? null,
        parties?.segment_id ?? null,
        parties?.segment_name ?? null,
      ],
    )
    return { recordingId: id, status: 'recording' }
  }
  if (!open && action.action === 'stop') return lastStopped(context, userId, room.id)
  if (!open) throw new ServerError(409, 'Nothing is being recorded')
  if (action.action !== 'stop')
    return { recordingId: open.id, status: action.action === 'pause' ? 'paused' : 'recording' }
  if (open.type === 'local') {
    const wallClock = (now.getTime() - open.started_at.getTime()) / 1000
    await context.db.query(
      `UPDATE recordings SET status = 'pending', ended_at = $2, duration = $3, size = $4, mime = COALESCE($5, mime)
        WHERE id = $1`,
      [open.id, now, action.duration ?? wallClock, action.size ?? null, action.mime ?? null],
    )
    return { recordingId: open.id, status: 'pending' }
  }
  await context.db.query('UPDATE recordings SET ended_at = $2 WHERE id = $1', [open.id, now])
  return { recordingId: open.id, status: 'processing' }
}

/** Closes a recording an earlier page left open: a cloud one keeps what it stored, a local one failed. */
async function closeLeftover(context: ServerContext, row: RecordingRow): Promise<void> {
  const now = new Date(context.clock.now())
  if (row.type === 'cloud') {
    await context.db.query('UPDATE recordings SET ended_at = COALESCE(ended_at, $2) WHERE id = $1', [
      row.id,
      now,
    ])
    context.background.run(async () => void (await finaliseRecording(context, row.id)))
    return
  }
  await context.db.query(
    "UPDATE recordings SET status = 'failed', ended_at = $2, error = 'The recording was interrupted' WHERE id = $1",
    [row.id, now],
  )
}

/** A stop that comes after the upload already closed the recording: its status now. */
async function lastStopped(
  context: ServerContext,
  userId: string,
  roomId: string,
): Promise<RecordingActionResult> {
  const last = (
    await context.db.query<RecordingRow>(
      `SELECT * FROM recordings WHERE user_id = $1 AND (call_id = $2 OR appointment_id = $2)
        ORDER BY started_at DESC LIMIT 1`,
      [userId, roomId],
    )
  )[0]
  if (!last) throw new ServerError(409, 'Nothing is being recorded')
  return {
    recordingId: last.id,
    status: last.status === 'recording' || last.status === 'processing' ? 'processing' : 'pending',
  }
}
