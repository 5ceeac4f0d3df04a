import type { Database, Queryable } from './database'

/**
 * The SQL of the account storage quotas (server/quotas/storage-quotas.ts). Every check that admits bytes
 * runs under a lock of the account's row, so two uploads or recorder chunks at once are admitted one
 * after the other and cannot both pass a quota only one of them fits.
 */

/** A reservation older than this is of a process that died mid-upload: it no longer counts. */
export const FILE_RESERVATION_MS = 60 * 60_000

// What the recorder took in for the account (processing adds only the cues). Not `size`: an agent may set that
// on a row it registers or edits, and it is not what the server stored.
const RECORDING_BYTES = `COALESCE(sum(bytes_received), 0)::bigint`

// NO KEY UPDATE: quota checks of the account wait for each other, rows that only refer to the account do not.
async function lockAccount(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId])
}

/** Bytes the account's cloud recordings store. */
export async function accountRecordingBytes(db: Queryable, accountId: string): Promise<number> {
  const rows = await db.query<{ bytes: string }>(
    `SELECT ${RECORDING_BYTES} AS bytes FROM recordings WHERE account_id = $1 AND type = 'cloud'`,
    [accountId],
  )
  return Number(rows[0]?.bytes ?? 0)
}

/** What `countRecordingChunk` did: counted (the recording's bytes now), or refused and why. */
export type ChunkCount = { counted: true; bytesReceived: number } | { counted: false; why: 'quota' | 'taken' }

/**
 * Counts a chunk appended to a recording's file: `next_seq` moves on and `bytes_received` grows, when
 * the account's recordings stay within `quota` ('quota' otherwise) and `seq` is still the next one
 * ('taken' when another connection stored it).
 */
export async function countRecordingChunk(
  db: Database,
  chunk: { accountId: string; recordingId: string; seq: number; bytes: number; at: Date; quota: number },
): Promise<ChunkCount> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, chunk.accountId)
    if ((await accountRecordingBytes(tx, chunk.accountId)) + chunk.bytes > chunk.quota)
      return { counted: false, why: 'quota' }
    const updated = await tx.query<{ bytes_received: string }>(
      `UPDATE recordings SET next_seq = next_seq + 1, bytes_received = bytes_received + $3, active_at = $4
        WHERE id = $1 AND next_seq = $2 RETURNING bytes_received`,
      [chunk.recordingId, chunk.seq, chunk.bytes, chunk.at],
    )
    return updated[0]
      ? { counted: true, bytesReceived: Number(updated[0].bytes_received) }
      : { counted: false, why: 'taken' }
  })
}

const FILE_BYTES = `(SELECT COALESCE(sum(size), 0)::bigint FROM files WHERE account_id = $1)
  + (SELECT COALESCE(sum(bytes), 0)::bigint FROM file_upload_reservations WHERE account_id = $1 AND created_at > $2)`

/** Bytes the account's saved files store, with the uploads under way. */
export async function accountFileBytes(db: Queryable, accountId: string, now: Date): Promise<number> {
  const rows = await db.query<{ bytes: string }>(`SELECT ${FILE_BYTES} AS bytes`, [
    accountId,
    new Date(now.getTime() - FILE_RESERVATION_MS),
  ])
  return Number(rows[0]?.bytes ?? 0)
}

/**
 * Reserves `bytes` of the account's files quota for the upload of file `id`; false (nothing reserved)
 * when the files, the uploads under way and this one would pass `quota`.
 */
export async function reserveFileBytes(
  db: Database,
  upload: { id: string; accountId: string; bytes: number; at: Date; quota: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, upload.accountId)
    const stale = new Date(upload.at.getTime() - FILE_RESERVATION_MS)
    await tx.query('DELETE FROM file_upload_reservations WHERE account_id = $1 AND created_at <= $2', [
      upload.accountId,
      stale,
    ])
    if ((await accountFileBytes(tx, upload.accountId, upload.at)) + upload.bytes > upload.quota) return false
    await tx.query(
      'INSERT INTO file_upload_reservations (id, account_id, bytes, created_at) VALUES ($1, $2, $3, $4)',
      [upload.id, upload.accountId, upload.bytes, upload.at],
    )
    return true
  })
}

/** Gives a reservation back (the upload failed, or its file's row now counts its bytes). */
export async function releaseFileBytes(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM file_upload_reservations WHERE id = $1', [id])
}
